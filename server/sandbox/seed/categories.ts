// Seeded categories and subcategories, in display order. Ids are stable strings because the SPA
// keeps them in the URL and in the chat link (initial catalogue type ShowCategory + id).

export type SeedCategory = {
  id: string;
  name: string;
  description: string;
  children: readonly { id: string; name: string }[];
};

export const SEEDED_CATEGORIES: readonly SeedCategory[] = [
  {
    id: '1',
    name: 'Mercearia',
    description: 'Arroz, feijão, massas, óleos, café e tudo para a despensa.',
    children: [
      { id: '101', name: 'Grãos e Cereais' },
      { id: '102', name: 'Massas e Molhos' },
      { id: '103', name: 'Açúcar e Café' },
      { id: '104', name: 'Óleos e Azeites' },
    ],
  },
  {
    id: '2',
    name: 'Bebidas',
    description: 'Refrigerantes, sucos, águas, cervejas geladas, vinhos e destilados.',
    children: [
      { id: '201', name: 'Refrigerantes' },
      { id: '202', name: 'Sucos e Águas' },
      { id: '203', name: 'Cervejas' },
      { id: '204', name: 'Vinhos e Destilados' },
    ],
  },
  {
    id: '3',
    name: 'Hortifrúti',
    description: 'Frutas, legumes e verduras frescos todos os dias.',
    children: [
      { id: '301', name: 'Frutas' },
      { id: '302', name: 'Legumes e Verduras' },
    ],
  },
  {
    id: '4',
    name: 'Padaria',
    description: 'Pães fresquinhos, bolos caseiros e biscoitos.',
    children: [
      { id: '401', name: 'Pães' },
      { id: '402', name: 'Bolos e Biscoitos' },
    ],
  },
  {
    id: '5',
    name: 'Laticínios',
    description: 'Leites, queijos, iogurtes e manteigas.',
    children: [
      { id: '501', name: 'Leites' },
      { id: '502', name: 'Queijos' },
      { id: '503', name: 'Iogurtes e Manteigas' },
    ],
  },
  {
    id: '6',
    name: 'Carnes',
    description: 'Carnes bovinas, aves e linguiças do nosso açougue.',
    children: [
      { id: '601', name: 'Bovinos' },
      { id: '602', name: 'Aves' },
      { id: '603', name: 'Suínos e Linguiças' },
    ],
  },
  {
    id: '7',
    name: 'Limpeza',
    description: 'Produtos para a limpeza da casa e das roupas.',
    children: [
      { id: '701', name: 'Roupas' },
      { id: '702', name: 'Cozinha' },
      { id: '703', name: 'Casa' },
    ],
  },
  {
    id: '8',
    name: 'Higiene',
    description: 'Cuidados pessoais, banho e higiene bucal.',
    children: [
      { id: '801', name: 'Banho' },
      { id: '802', name: 'Cabelos' },
      { id: '803', name: 'Higiene Bucal' },
      { id: '804', name: 'Papel e Descartáveis' },
      { id: '805', name: 'Bebês' },
    ],
  },
  {
    id: '9',
    name: 'Congelados',
    description: 'Sorvetes, pratos prontos, pizzas e gelo.',
    children: [
      { id: '901', name: 'Sorvetes' },
      { id: '902', name: 'Pratos Prontos' },
      { id: '903', name: 'Gelo e Vegetais' },
    ],
  },
  // From category 10 on, a subcategory id is the category id and two digits ('1010') and a product
  // id the category id and three digits ('10101'). Categories and products are separate id spaces.
  {
    id: '10',
    name: 'Pet Shop',
    description: 'Rações, petiscos e areia para cães e gatos.',
    children: [
      { id: '1010', name: 'Cães' },
      { id: '1020', name: 'Gatos' },
    ],
  },
  {
    id: '11',
    name: 'Casa e Bazar',
    description: 'Utilidades domésticas, gás, carvão, roupas e calçados.',
    children: [
      { id: '1110', name: 'Utilidades Domésticas' },
      { id: '1120', name: 'Gás e Carvão' },
      { id: '1130', name: 'Vestuário e Calçados' },
    ],
  },
];
