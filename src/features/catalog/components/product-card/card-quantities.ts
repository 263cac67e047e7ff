import { createContext } from 'react';
import type { UseQuantityQueue } from '@/order/quantity/use-quantity-queue.ts';

/**
 * The catalogue's quantity queue (order/quantity/use-quantity-queue.ts), given to its cards by the
 * grid: a card's stepper changes its line through the same queue as the cart, with the same
 * debounce, absolute quantities and failure messages. Without it a card offers no stepper.
 */
export type CardQuantities = Pick<UseQuantityQueue, 'quantityOf' | 'setQuantity'>;

export const CardQuantitiesContext = createContext<CardQuantities | undefined>(undefined);
