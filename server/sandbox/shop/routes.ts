// GET /api/shop/settings: the settings of the session's shop (both specs, section 3).
import { Router } from 'express';
import type { SandboxDb } from '../db/types.ts';
import { currentShopSession } from '../http/auth.ts';
import { notFound, sendOk } from '../http/envelope.ts';
import { findShopSettings } from './shops.ts';

export function shopRoutes(db: SandboxDb): Router {
  const router = Router();

  router.get('/settings', (_req, res) => {
    const settings = findShopSettings(db, currentShopSession(res).shopId);
    if (!settings) throw notFound('Configurações da loja não encontradas.');
    sendOk(res, settings);
  });

  return router;
}
