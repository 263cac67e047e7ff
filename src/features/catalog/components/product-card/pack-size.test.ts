import { describe, expect, it } from 'vitest';
import { splitPackSize } from './pack-size.ts';

describe('the pack size at the end of a name', () => {
  it.each([
    ['Refrigerante Guaraná Antarctica 2L', 'Refrigerante Guaraná Antarctica', '2L'],
    ['Água Mineral sem Gás Crystal 1,5L', 'Água Mineral sem Gás Crystal', '1,5L'],
    ['Arroz Branco Tipo 1 Camil 5kg', 'Arroz Branco Tipo 1 Camil', '5kg'],
    ['Banana Prata aprox. 1kg', 'Banana Prata', 'aprox. 1kg'],
    ['Papel Higiênico Neve Folha Dupla 12 Rolos', 'Papel Higiênico Neve Folha Dupla', '12 Rolos'],
    ['Leite Fermentado Yakult 80g com 6 Unidades', 'Leite Fermentado Yakult', '80g com 6 Unidades'],
    ['Copo Americano Nadir 190ml 6 Unidades', 'Copo Americano Nadir', '190ml 6 Unidades'],
    ['Cerveja Heineken Long Neck 6x330ml', 'Cerveja Heineken Long Neck', '6x330ml'],
    ['Fósforo Gaboardi 10 Caixas', 'Fósforo Gaboardi', '10 Caixas'],
  ])('%s: the size is kept apart', (name, head, pack) => {
    expect(splitPackSize(name)).toEqual({ head, pack });
  });

  it.each([
    'Fralda Descartável Pampers Confort Sec',
    'Lâmpada LED Philips 9W Bivolt',
    'Protetor Solar Sundown FPS 50',
    'Alface Crespa Hidropônica Unidade',
  ])('%s: no size at the end, the name stays whole', (name) => {
    expect(splitPackSize(name)).toEqual({ head: name, pack: undefined });
  });

  it('leaves a name that is only a size whole', () => {
    expect(splitPackSize('500g')).toEqual({ head: '500g', pack: undefined });
  });
});
