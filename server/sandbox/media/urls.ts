// Where the sandbox serves its pictures. Under /api so the BFF forwards it like any call.
export const MEDIA_BASE_PATH = '/api/sandbox/media';

export function mediaUrl(file: string): string {
  return `${MEDIA_BASE_PATH}/${file}`;
}
