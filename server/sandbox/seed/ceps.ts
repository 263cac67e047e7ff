// Real Brazilian postal codes the address lookup (GET /api/order/address/cep/{cep}) knows.
// Street-level CEPs of the big cities answer one street and one neighbourhood; a small town has a
// single CEP for the whole city (Correios' "CEP geral"), so the lookup answers no street and the
// shopper picks the neighbourhood ('Selecione seu bairro').
import type { Database } from 'better-sqlite3';

export type SeedCep = {
  /** Digits only. */
  cep: string;
  /** Empty for a city-wide CEP. */
  street: string;
  /** null when the CEP covers several neighbourhoods (listed in `neighborhoods`). */
  neighborhood: string | null;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  neighborhoods?: readonly { id: string; name: string }[];
};

export const SEEDED_CEPS: readonly SeedCep[] = [
  {
    cep: '01001000',
    street: 'Praça da Sé',
    neighborhood: 'Sé',
    city: 'São Paulo',
    state: 'SP',
    latitude: -23.5503,
    longitude: -46.634,
  },
  {
    cep: '01310200',
    street: 'Avenida Paulista',
    neighborhood: 'Bela Vista',
    city: 'São Paulo',
    state: 'SP',
    latitude: -23.5614,
    longitude: -46.6559,
  },
  {
    cep: '05422001',
    street: 'Rua dos Pinheiros',
    neighborhood: 'Pinheiros',
    city: 'São Paulo',
    state: 'SP',
    latitude: -23.566,
    longitude: -46.684,
  },
  {
    cep: '20040020',
    street: 'Praça Pio X',
    neighborhood: 'Centro',
    city: 'Rio de Janeiro',
    state: 'RJ',
    latitude: -22.9008,
    longitude: -43.1776,
  },
  {
    cep: '22021001',
    street: 'Avenida Atlântica',
    neighborhood: 'Copacabana',
    city: 'Rio de Janeiro',
    state: 'RJ',
    latitude: -22.9671,
    longitude: -43.1787,
  },
  {
    cep: '30130010',
    street: 'Praça Sete de Setembro',
    neighborhood: 'Centro',
    city: 'Belo Horizonte',
    state: 'MG',
    latitude: -19.9191,
    longitude: -43.9386,
  },
  {
    // Setor Bancário Norte (the CEPs 70040-xxx).
    cep: '70040010',
    street: 'SBN Quadra 1',
    neighborhood: 'Asa Norte',
    city: 'Brasília',
    state: 'DF',
    latitude: -15.7932,
    longitude: -47.8826,
  },
  {
    cep: '12460000',
    street: '',
    neighborhood: null,
    city: 'Campos do Jordão',
    state: 'SP',
    latitude: -22.7394,
    longitude: -45.5914,
    neighborhoods: [
      { id: 'campos-do-jordao-abernessia', name: 'Abernéssia' },
      { id: 'campos-do-jordao-capivari', name: 'Capivari' },
      { id: 'campos-do-jordao-jaguaribe', name: 'Jaguaribe' },
      { id: 'campos-do-jordao-vila-albertina', name: 'Vila Albertina' },
      { id: 'campos-do-jordao-alto-da-boa-vista', name: 'Alto da Boa Vista' },
      { id: 'campos-do-jordao-descansopolis', name: 'Descansópolis' },
    ],
  },
  {
    cep: '13825000',
    street: '',
    neighborhood: null,
    city: 'Holambra',
    state: 'SP',
    latitude: -22.6406,
    longitude: -47.0481,
    neighborhoods: [
      { id: 'holambra-centro', name: 'Centro' },
      { id: 'holambra-morada-das-flores', name: 'Morada das Flores' },
      { id: 'holambra-residencial-imigrantes', name: 'Residencial Imigrantes' },
    ],
  },
];

/** Inserts the known CEPs and their neighbourhoods (inside seedDatabase's transaction). */
export function seedCeps(db: Database): void {
  const insertCep = db.prepare(
    `INSERT INTO ceps (cep, street, neighborhood, city, state, latitude, longitude)
     VALUES (@cep, @street, @neighborhood, @city, @state, @latitude, @longitude)`,
  );
  const insertNeighborhood = db.prepare(
    'INSERT INTO cep_neighborhoods (cep, id, name, position) VALUES (?, ?, ?, ?)',
  );
  for (const { neighborhoods, ...cep } of SEEDED_CEPS) {
    insertCep.run(cep);
    (neighborhoods ?? []).forEach((n, position) => {
      insertNeighborhood.run(cep.cep, n.id, n.name, position);
    });
  }
}
