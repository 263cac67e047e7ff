// GET /api/order/send/catalog: the operator sends the catalogue to the contact, opened on a category,
// a collection or a search (the SPA reads the initial catalogue type from the link's hash:
// '#<code>?type=ShowCategory&id=12'), or on the standard catalogue when none is given.
import type { CatalogSendOptions, InitialCatalogTypeName } from '../contract.ts';
import type { SandboxDb } from '../db/types.ts';
import { badRequest, notFound } from '../http/envelope.ts';
import type { OrderContext } from '../order/order-context.ts';
import { contactSessionCode, storefrontLink } from './contact-links.ts';

/** Collection ids appear with this prefix in the category list; both forms are accepted. */
const COLLECTION_PREFIX = 'COLLECTION_';

type Target = { type: InitialCatalogTypeName; id: string; name: string } | { type: 'Standard' };

function findName(db: SandboxDb, table: 'categories' | 'collections', shopId: string, id: string) {
  return db
    .prepare<[string, string], { name: string }>(`SELECT name FROM ${table} WHERE shop_id = ? AND id = ?`)
    .get(shopId, id)?.name;
}

function target(db: SandboxDb, catalogShopId: string, options: CatalogSendOptions): Target {
  const categoryId = options.categoryId?.trim() || undefined;
  const collectionId = options.collectionId?.trim().replace(COLLECTION_PREFIX, '') || undefined;
  const searchTerm = options.searchTerm?.trim() || undefined;
  const given = [categoryId, collectionId, searchTerm].filter((v) => v !== undefined).length;
  if (given > 1) throw badRequest('Informe apenas uma opção: categoria, coleção ou busca.');
  if (categoryId !== undefined) {
    const name = findName(db, 'categories', catalogShopId, categoryId);
    if (name === undefined) throw notFound('Categoria não encontrada.');
    return { type: 'ShowCategory', id: categoryId, name };
  }
  if (collectionId !== undefined) {
    const name = findName(db, 'collections', catalogShopId, collectionId);
    if (name === undefined) throw notFound('Coleção não encontrada.');
    return { type: 'ShowCollection', id: collectionId, name };
  }
  if (searchTerm !== undefined) return { type: 'ShowQuery', id: searchTerm, name: searchTerm };
  return { type: 'Standard' };
}

function invitation(t: Target): string {
  switch (t.type) {
    case 'ShowCategory':
      return `Confira a categoria ${t.name} no nosso catálogo:`;
    case 'ShowCollection':
      return `Confira a coleção ${t.name} no nosso catálogo:`;
    case 'ShowQuery':
      return `Confira o que encontramos para "${t.name}" no nosso catálogo:`;
    default:
      return 'Confira o nosso catálogo:';
  }
}

export function catalogMessage(
  db: SandboxDb,
  context: OrderContext,
  options: CatalogSendOptions,
  now: Date,
): Record<string, unknown> {
  const t = target(db, context.shop.catalogShopId, options);
  const code = contactSessionCode(db, context.session, now);
  const link = t.type === 'Standard' ? storefrontLink('/catalog', code) : storefrontLink('/catalog', code, t);
  return {
    type: t.type,
    id: 'id' in t ? t.id : null,
    name: 'name' in t ? t.name : null,
    link,
    text: `${invitation(t)}\n${link}`,
  };
}
