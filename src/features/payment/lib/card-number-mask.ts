// The card number field's mask (issue 25): an imask dynamic mask with one pattern per brand layout,
// chosen from the digits as they are typed. imask keeps the caret where the shopper edits (a digit
// typed or erased in the middle stays there), which a value reformatted on each change did not.
import 'imask/esm/masked/dynamic';
import 'imask/esm/masked/pattern';
import type { MaskedDynamic } from 'imask';
import type { MaskPreset } from '@/components/ui/masks.ts';
import { numberPattern, numberPatterns } from './card-brand.ts';

const PATTERNS = numberPatterns();

/**
 * The card number: grouped as the brand prints it and no longer than the brand's number
 * (numberPattern), with a numeric keyboard and the browser's saved cards (cc-number).
 */
export const CARD_NUMBER_INPUT: MaskPreset = {
  options: {
    mask: PATTERNS.map((mask) => ({ mask })),
    // The digits before the change, the one typed and those after it (an edit in the middle).
    dispatch: (appended: string, masked: MaskedDynamic, _flags: unknown, tail: unknown) => {
      const pattern = numberPattern(`${masked.rawInputValue}${appended}${String(tail ?? '')}`);
      return masked.compiledMasks[Math.max(PATTERNS.indexOf(pattern), 0)];
    },
  },
  inputMode: 'numeric',
  autoComplete: 'cc-number',
};
