import { createTabStorage } from './tab-storage.ts';

/** This tab's storage (sessionStorage: per tab, survives a reload, gone when the tab closes). */
export const tabStorage = createTabStorage();
