// Tray store linking (companion spec, section 7), mounted at /tray (outside /api, as the spec's paths).
import { Router } from 'express';
import type { SandboxDb } from '../db/open.ts';

export function trayRoutes(_db: SandboxDb): Router {
  return Router();
}
