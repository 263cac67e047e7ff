// The product pictures: WebP files rendered by `npm run sandbox:pictures` (scripts/sandbox-pictures.mjs)
// from the shots of seed/pictures.ts, committed in ./pictures/ with a manifest that gives each
// picture's version (a hash of its bytes). A file's name carries that version and its width
// ('produto-1001-3f9a2c1b-600w.webp'), so a file never changes under its name: it may be cached for
// good, and the SPA derives the other widths from the address (src/contract/picture-sizes.ts).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../repo-root.ts';
import { DEFAULT_PICTURE_WIDTH, PICTURE_WIDTHS } from '../contract.ts';
import manifest from './pictures/manifest.json' with { type: 'json' };
import { mediaUrl } from './urls.ts';

/** Where the files are, from the sources and from the bundle alike (the Docker image copies it). */
export const PICTURES_FOLDER = path.join(REPO_ROOT, 'server/sandbox/media/pictures');
export const PICTURES_MANIFEST = 'manifest.json';

/**
 * What the files in PICTURES_FOLDER hold, by picture name ('produto-1001'): the version in the
 * files' names (a hash of their bytes) and the fingerprint of the shot they were rendered from.
 */
export type PictureManifest = Readonly<Record<string, { version: string; shot: string }>>;
export const PICTURE_MANIFEST: PictureManifest = manifest;

export function pictureFile(name: string, version: string, width: number): string {
  return `${name}-${version}-${width}w.webp`;
}

/** The address of a picture at its default width, or undefined when no file holds it. */
export function pictureUrl(name: string): string | undefined {
  const entry = PICTURE_MANIFEST[name];
  return entry === undefined ? undefined : mediaUrl(pictureFile(name, entry.version, DEFAULT_PICTURE_WIDTH));
}

let loaded: ReadonlyMap<string, Buffer> | undefined;

/**
 * Every file the manifest names, by file name, read once per process (under 3 MB). The media route
 * serves from this map only: a request's file name is a key, never a path on disk. A missing file
 * stops the start: the pictures folder was left out (see the Dockerfile) or not rendered again.
 */
export function pictureFiles(): ReadonlyMap<string, Buffer> {
  if (loaded) return loaded;
  const files = new Map<string, Buffer>();
  for (const [name, { version }] of Object.entries(PICTURE_MANIFEST)) {
    for (const width of PICTURE_WIDTHS) {
      const file = pictureFile(name, version, width);
      files.set(file, readFileSync(path.join(PICTURES_FOLDER, file)));
    }
  }
  loaded = files;
  return files;
}
