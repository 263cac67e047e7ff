// What a picture file is, for tests: image-size reads the header (no image decoding, no native code).
import { imageSize } from 'image-size';

/** The picture's width and height, or undefined when the bytes are not a WebP file. */
export function webpSize(bytes: Uint8Array): { width: number; height: number } | undefined {
  try {
    const { type, width, height } = imageSize(bytes);
    return type === 'webp' ? { width, height } : undefined;
  } catch {
    return undefined;
  }
}
