// The customer's addresses: the postal-code lookup (GET /api/order/address/cep/{cep}), a new address
// (POST /api/order/address/, answering the whole list) and the delivery address a logistic choice
// points at by its index in that list.
import type { Response, Router } from 'express';
import { type AddressInput, calls } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { currentShopSession } from '../http/auth.ts';
import { badRequest, notFound, SandboxHttpError, sendOk } from '../http/envelope.ts';
import { parseInput } from '../http/input.ts';
import { findUserShop, listAddresses, type UserShopRecord } from '../session/sessions.ts';
import { cepDigits, cepToWire, findCep, formatCep } from './cep.ts';
import { type CheckoutDeps, routePath } from './route-kit.ts';

export type CustomerAddress = ReturnType<typeof listAddresses>[number];

/** How many addresses one customer may keep: a sanity limit, as real shops have. */
export const MAX_ADDRESSES = 20;

const REQUIRED_MESSAGE = 'Preencha os campos obrigatórios';

/** The 27 federative units (the 'Estado' field holds the two-letter code). */
const BRAZILIAN_STATES = new Set(
  'AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '),
);

/** The session's identified customer; anonymous visitors and sessions without one cannot keep addresses. */
export function identifiedCustomer(db: SandboxDb, res: Response, anonymousMessage: string): UserShopRecord {
  const session = currentShopSession(res);
  const userShop = session.userShopId ? findUserShop(db, session.userShopId) : undefined;
  if (!userShop) throw notFound('Cliente não encontrado para esta sessão.');
  if (userShop.isAnonymous) throw new SandboxHttpError(403, anonymousMessage, 'unauthorized');
  return userShop;
}

/** The customer's address at `index` (the order's delivery address), or a 404. */
export function customerAddressAt(db: SandboxDb, userShopId: string | null, index: number): CustomerAddress {
  const address = userShopId ? listAddresses(db, userShopId)[index] : undefined;
  if (!address) throw notFound('Endereço de entrega não encontrado. Escolha um dos endereços cadastrados.');
  return address;
}

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim());

/**
 * The modal's rule first ('Preencha os campos obrigatórios' for a missing required field or a CEP
 * that is not 00000-000), then the contract's strict schema for the rest (types, bounds, unknown fields).
 */
function parseAddress(body: unknown): AddressInput {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const fields = body as Record<string, unknown>;
    const required = ['name', 'street', 'number', 'neighborhood', 'city', 'state', 'zipCode'];
    const zip = fields.zipCode;
    if (
      required.some((f) => isBlank(fields[f])) ||
      (typeof zip === 'string' && !/^\d{5}-?\d{3}$/.test(zip.trim()))
    ) {
      throw badRequest(REQUIRED_MESSAGE);
    }
  }
  const input = parseInput(calls.addAddress.body, body, 'body');
  return {
    ...input,
    name: input.name.trim(),
    street: input.street.trim(),
    number: input.number.trim(),
    complement: input.complement?.trim() ?? '',
    neighborhood: input.neighborhood.trim(),
    city: input.city.trim(),
    state: input.state.trim().toUpperCase(),
  };
}

type NewAddress = Omit<AddressInput, 'neighborhoodId' | 'geoCoordinates'> & {
  neighborhoodId: string | null;
  latitude: number | null;
  longitude: number | null;
};

/** Checks the address against the postal-code table and completes it (neighbourhood id, coordinates). */
function resolveAgainstCep(db: SandboxDb, input: AddressInput): NewAddress {
  if (!BRAZILIAN_STATES.has(input.state)) {
    throw badRequest('Estado inválido. Informe a sigla do estado, por exemplo SP.');
  }
  const known = findCep(db, input.zipCode);
  const given = Array.isArray(input.geoCoordinates)
    ? { longitude: input.geoCoordinates[0] ?? null, latitude: input.geoCoordinates[1] ?? null }
    : {
        latitude: input.geoCoordinates?.latitude ?? null,
        longitude: input.geoCoordinates?.longitude ?? null,
      };
  if (!known) return { ...input, neighborhoodId: input.neighborhoodId ?? null, ...given };
  if (known.state !== input.state) {
    throw badRequest(`O CEP ${formatCep(known.cep)} é de ${known.city} - ${known.state}. Confira o estado.`);
  }
  let neighborhoodId: string | null = null;
  if (known.neighborhoods.length > 0) {
    // A city-wide CEP: the neighbourhood must be one of the town's ('Selecione seu bairro').
    const chosen = input.neighborhoodId
      ? known.neighborhoods.find((n) => n.id === input.neighborhoodId)
      : known.neighborhoods.find((n) => n.name.toLowerCase() === input.neighborhood.toLowerCase());
    if (input.neighborhoodId && !chosen)
      throw badRequest('Bairro não encontrado para este CEP. Selecione seu bairro.');
    neighborhoodId = chosen?.id ?? null;
  } else if (input.neighborhoodId) {
    throw badRequest('Este CEP não tem bairros para escolher.');
  }
  return {
    ...input,
    neighborhood: neighborhoodId
      ? (known.neighborhoods.find((n) => n.id === neighborhoodId)?.name ?? input.neighborhood)
      : input.neighborhood,
    neighborhoodId,
    latitude: given.latitude ?? known.latitude,
    longitude: given.longitude ?? known.longitude,
  };
}

function addAddress(db: SandboxDb, userShopId: string, address: NewAddress): void {
  const existing = listAddresses(db, userShopId);
  if (existing.length >= MAX_ADDRESSES) {
    throw badRequest(
      `Você já tem ${MAX_ADDRESSES} endereços cadastrados. Remova um antes de adicionar outro.`,
    );
  }
  const zipCode = formatCep(address.zipCode);
  const same = (text: string | null | undefined, other: string) =>
    (text ?? '').trim().toLowerCase() === other.trim().toLowerCase();
  const duplicate = existing.some(
    (a) =>
      cepDigits(a.zipCode) === cepDigits(zipCode) &&
      same(a.street, address.street) &&
      same(a.number, address.number) &&
      same(a.complement, address.complement ?? ''),
  );
  if (duplicate) throw new SandboxHttpError(409, 'Este endereço já está cadastrado.', 'validation');
  // The first address is the default one; a new default replaces the old one (only one default).
  const isDefault = address.isDefault === true || existing.length === 0;
  if (isDefault) db.prepare('UPDATE addresses SET is_default = 0 WHERE user_shop_id = ?').run(userShopId);
  const position =
    db
      .prepare<[string], { next: number }>(
        'SELECT COALESCE(MAX(position) + 1, 0) AS next FROM addresses WHERE user_shop_id = ?',
      )
      .get(userShopId)?.next ?? 0;
  db.prepare(
    `INSERT INTO addresses (user_shop_id, position, is_default, name, zip_code, street, number, complement,
       neighborhood, neighborhood_id, city, state, latitude, longitude)
     VALUES (@userShopId, @position, @isDefault, @name, @zipCode, @street, @number, @complement,
       @neighborhood, @neighborhoodId, @city, @state, @latitude, @longitude)`,
  ).run({
    userShopId,
    position,
    isDefault: isDefault ? 1 : 0,
    name: address.name,
    zipCode,
    street: address.street,
    number: address.number,
    complement: address.complement ?? '',
    neighborhood: address.neighborhood,
    neighborhoodId: address.neighborhoodId,
    city: address.city,
    state: address.state,
    latitude: address.latitude,
    longitude: address.longitude,
  });
}

export function registerAddressRoutes(router: Router, { db }: CheckoutDeps): void {
  router.get(routePath(calls.lookupCep, '/api/order'), (req, res) => {
    const { cep } = parseInput(calls.lookupCep.params, req.params, 'params');
    const record = findCep(db, cep);
    if (!record) throw notFound('CEP não encontrado');
    sendOk(res, cepToWire(record));
  });

  router.post(routePath(calls.addAddress, '/api/order'), (req, res) => {
    const input = parseAddress(req.body);
    const answer = db.transaction(() => {
      const userShop = identifiedCustomer(db, res, 'Identifique-se no chat antes de cadastrar um endereço.');
      addAddress(db, userShop.id, resolveAgainstCep(db, input));
      return listAddresses(db, userShop.id);
    })();
    sendOk(res, answer);
  });
}
