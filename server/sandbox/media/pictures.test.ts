import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PATH_ID_PATTERN } from '@/contract/path-rules.ts';
import { PICTURE_WIDTHS } from '../contract.ts';
import { allShots, PRODUCT_PICTURES, shotFingerprint } from '../seed/pictures.ts';
import { SEEDED_PRODUCTS } from '../seed/products.ts';
import { webpSize } from '../testing/webp.ts';
import { PICTURE_MANIFEST, PICTURES_FOLDER, PICTURES_MANIFEST, pictureFile } from './pictures.ts';

const shots = allShots();

describe('the seeded products’ pictures', () => {
  it('give every seeded product a picture, and no picture to a product that does not exist', () => {
    expect(Object.keys(PRODUCT_PICTURES).sort()).toEqual(SEEDED_PRODUCTS.map((p) => p.id).sort());
  });

  it("give a variant its own picture for every option of one of the product's attributes", () => {
    for (const product of SEEDED_PRODUCTS) {
      const options = PRODUCT_PICTURES[product.id]?.options;
      if (!options) continue;
      const attribute = product.variants?.attributes.find((a) => a.id === options.attribute);
      expect(attribute, product.id).toBeDefined();
      expect(Object.keys(options.shots).sort(), product.id).toEqual(
        attribute?.options.map((o) => o.id).sort(),
      );
    }
  });

  it('name every file so the BFF forwards it and the media route knows it: one segment, lower case', () => {
    expect(new Set(shots.map((s) => s.name)).size).toBe(shots.length);
    for (const { name } of shots) {
      const file = pictureFile(name, '0123abcd', Math.max(...PICTURE_WIDTHS));
      expect(file).toMatch(PATH_ID_PATTERN);
      expect(file).toMatch(/^[a-z0-9-]{1,80}\.webp$/);
    }
  });

  it('are rendered from the current shots (else: npm run sandbox:pictures)', () => {
    expect(Object.keys(PICTURE_MANIFEST).sort()).toEqual(shots.map((s) => s.name).sort());
    for (const { name, shot } of shots)
      expect(PICTURE_MANIFEST[name]?.shot, name).toBe(shotFingerprint(shot));
  });

  it('are square WebP files at every width, a few KB each, with nothing else in their folder', () => {
    const expected = shots.flatMap(({ name }) =>
      PICTURE_WIDTHS.map((width) => ({
        width,
        file: pictureFile(name, PICTURE_MANIFEST[name]?.version ?? '', width),
      })),
    );
    expect(readdirSync(PICTURES_FOLDER).sort()).toEqual(
      [...expected.map((e) => e.file), PICTURES_MANIFEST, 'NOTICE.md'].sort(),
    );
    let total = 0;
    for (const { file, width } of expected) {
      const bytes = readFileSync(path.join(PICTURES_FOLDER, file));
      expect(webpSize(bytes), file).toEqual({ width, height: width });
      total += bytes.length;
    }
    // The repository and the Docker image carry them all: a few MB at most.
    expect(total).toBeLessThan(5 * 1024 * 1024);
  });
});
