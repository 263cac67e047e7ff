// Catalogue (shopper spec). Register the static product routes (search, searchText, facets, byids,
// collections) before '/api/catalog/products/:id', which would otherwise catch them.
import { z } from 'zod/mini';
import {
  categoriesQuerySchema,
  categorySchema,
  collectionProductsQuerySchema,
  facetSchema,
  facetsQuerySchema,
  pagedProductResultSchema,
  productSchema,
  productSearchBodySchema,
  textSearchBodySchema,
  topProductsQuerySchema,
} from '../catalog.ts';
import { type CallDefinition, idParams, idsParams } from './define.ts';

export const listCategories = {
  method: 'GET',
  path: '/api/catalog/categories',
  query: categoriesQuerySchema,
  data: z.array(categorySchema),
} as const satisfies CallDefinition;

export const listTopProducts = {
  method: 'GET',
  path: '/api/catalog/top',
  query: topProductsQuerySchema,
  data: pagedProductResultSchema,
} as const satisfies CallDefinition;

export const searchProducts = {
  method: 'POST',
  path: '/api/catalog/products/search',
  body: productSearchBodySchema,
  data: pagedProductResultSchema,
} as const satisfies CallDefinition;

export const listCollectionProducts = {
  method: 'GET',
  path: '/api/catalog/products/collections/:id',
  params: idParams,
  query: collectionProductsQuerySchema,
  data: pagedProductResultSchema,
} as const satisfies CallDefinition;

export const searchProductsByText = {
  method: 'POST',
  path: '/api/catalog/products/searchText',
  body: textSearchBodySchema,
  data: pagedProductResultSchema,
} as const satisfies CallDefinition;

export const getProductFacets = {
  method: 'GET',
  path: '/api/catalog/products/facets',
  query: facetsQuerySchema,
  data: z.array(facetSchema),
} as const satisfies CallDefinition;

export const getProductsByIds = {
  method: 'GET',
  path: '/api/catalog/products/byids/:ids',
  params: idsParams,
  data: z.array(productSchema),
} as const satisfies CallDefinition;

export const getProduct = {
  method: 'GET',
  path: '/api/catalog/products/:id',
  params: idParams,
  data: productSchema,
} as const satisfies CallDefinition;

/** This domain's calls of the registry (calls.ts), in registration order. */
export const all = {
  listCategories,
  listTopProducts,
  searchProducts,
  listCollectionProducts,
  searchProductsByText,
  getProductFacets,
  getProductsByIds,
  getProduct,
};
