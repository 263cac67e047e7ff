// Sessions and the person behind them (userShop, customer, addresses), read from the database
// and shaped as GET /api/session/{code} answers them.

import type { Channel, SessionType } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';

export type SessionRecord = {
  code: string;
  shopId: string | null;
  sessionType: SessionType;
  channelType: Channel;
  channelId: string;
  userShopId: string | null;
  operatorName: string | null;
};

type SessionRow = {
  code: string;
  shop_id: string | null;
  session_type: number;
  channel_type: number;
  channel_id: string;
  user_shop_id: string | null;
  operator_name: string | null;
};

export type UserShopRecord = {
  id: string;
  shopId: string;
  channelId: string;
  isAnonymous: boolean;
  customer: Record<string, unknown>;
};

type AddressRow = {
  is_default: number;
  name: string;
  zip_code: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  neighborhood_id: string | null;
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
};

export function findSession(db: SandboxDb, code: string): SessionRecord | undefined {
  const row = db
    .prepare<[string], SessionRow>(
      `SELECT code, shop_id, session_type, channel_type, channel_id, user_shop_id, operator_name
       FROM sessions WHERE code = ?`,
    )
    .get(code);
  if (!row) return undefined;
  return {
    code: row.code,
    shopId: row.shop_id,
    // The CHECK constraints of the schema keep these within the enumerations.
    sessionType: row.session_type as SessionType,
    channelType: row.channel_type as Channel,
    channelId: row.channel_id,
    userShopId: row.user_shop_id,
    operatorName: row.operator_name,
  };
}

export function findUserShop(db: SandboxDb, id: string): UserShopRecord | undefined {
  const row = db
    .prepare<
      [string],
      { id: string; shop_id: string; channel_id: string; is_anonymous: number; customer: string }
    >('SELECT id, shop_id, channel_id, is_anonymous, customer FROM user_shops WHERE id = ?')
    .get(id);
  if (!row) return undefined;
  return {
    id: row.id,
    shopId: row.shop_id,
    channelId: row.channel_id,
    isAnonymous: row.is_anonymous === 1,
    customer: JSON.parse(row.customer) as Record<string, unknown>,
  };
}

/** The spec's address object; fullAddress is composed here so every caller writes it the same way. */
export function listAddresses(db: SandboxDb, userShopId: string) {
  const rows = db
    .prepare<[string], AddressRow>(
      `SELECT is_default, name, zip_code, street, number, complement, neighborhood, neighborhood_id, city, state,
         latitude, longitude
       FROM addresses WHERE user_shop_id = ? ORDER BY position`,
    )
    .all(userShopId);
  return rows.map((a) => ({
    isDefault: a.is_default === 1,
    name: a.name,
    state: a.state,
    city: a.city,
    street: a.street,
    number: a.number,
    zipCode: a.zip_code,
    complement: a.complement,
    neighborhood: a.neighborhood,
    neighborhoodId: a.neighborhood_id,
    fullAddress: fullAddress(a),
    neighborhoods: [],
    geoCoordinates:
      a.latitude !== null && a.longitude !== null ? { latitude: a.latitude, longitude: a.longitude } : null,
  }));
}

function fullAddress(a: AddressRow): string {
  const complement = a.complement ? `, ${a.complement}` : '';
  return `${a.street}, ${a.number}${complement} - ${a.neighborhood}, ${a.city} - ${a.state}, ${a.zip_code}`;
}

/** data of GET /api/session/{code}; a session without shop data has no userShop at all. */
export function sessionToWire(db: SandboxDb, session: SessionRecord) {
  const userShop = session.shopId && session.userShopId ? findUserShop(db, session.userShopId) : undefined;
  return {
    sessionType: session.sessionType,
    channelType: session.channelType,
    channelId: session.channelId,
    ...(userShop
      ? {
          userShop: {
            id: userShop.id,
            channelId: userShop.channelId,
            customer: userShop.customer,
            addresses: listAddresses(db, userShop.id),
          },
        }
      : {}),
  };
}
