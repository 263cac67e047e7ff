// Brazilian postal codes (CEP): formatting, and the lookup in the seeded ceps table (real CEPs).
import type { SandboxDb } from '../db/types.ts';

/** '01310-200' or '01310200' → '01310200'. */
export const cepDigits = (cep: string): string => cep.replace(/\D/g, '');

/** '01310200' → '01310-200' (as the shopper reads it and as addresses store it). */
export const formatCep = (cep: string): string => {
  const digits = cepDigits(cep);
  return `${digits.slice(0, 5)}-${digits.slice(5)}`;
};

export type CepRecord = {
  cep: string;
  street: string;
  neighborhood: string | null;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  neighborhoods: { id: string; name: string }[];
};

export function findCep(db: SandboxDb, cep: string): CepRecord | undefined {
  const digits = cepDigits(cep);
  const row = db
    .prepare<[string], Omit<CepRecord, 'neighborhoods'>>(
      'SELECT cep, street, neighborhood, city, state, latitude, longitude FROM ceps WHERE cep = ?',
    )
    .get(digits);
  if (!row) return undefined;
  const neighborhoods = db
    .prepare<[string], { id: string; name: string }>(
      'SELECT id, name FROM cep_neighborhoods WHERE cep = ? ORDER BY position',
    )
    .all(digits);
  return { ...row, neighborhoods };
}

/** The answer of GET /api/order/address/cep/{cep}: what the new-address modal fills in. */
export function cepToWire(record: CepRecord) {
  return {
    zipCode: formatCep(record.cep),
    street: record.street,
    neighborhood: record.neighborhood,
    neighborhoodId: null,
    neighborhoods: record.neighborhoods,
    city: record.city,
    state: record.state,
    geoCoordinates:
      record.latitude !== null && record.longitude !== null
        ? { latitude: record.latitude, longitude: record.longitude }
        : null,
  };
}

/** Great-circle distance in km, to list the pick-up stores nearest to a CEP first. */
export function distanceKm(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}

/** Does an option serving these CEP prefixes serve this CEP? No prefixes serves every CEP. */
export const servesCep = (prefixes: readonly string[], cep: string): boolean => {
  const digits = cepDigits(cep);
  return prefixes.length === 0 || prefixes.some((prefix) => digits.startsWith(prefix));
};
