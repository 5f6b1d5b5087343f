import { describe, expect, it } from 'vitest';
import { csvStream, parseCsv, readCsvImport, toCsv } from './csv';

describe('CSV', () => {
  const columns = [
    { header: 'Name', value: (r: { name: string; n: number }) => r.name },
    { header: 'N', value: (r: { name: string; n: number }) => r.n },
  ];

  it('cells that start like a formula are escaped, quotes and commas are quoted', () => {
    const csv = toCsv(columns, [
      { name: '=HYPERLINK("x")', n: 1 },
      { name: 'a, "b"', n: -2 },
      { name: '@SUM', n: 3 },
    ]);
    expect(csv.split('\n')[1]).toBe(`"'=HYPERLINK(""x"")",1`);
    expect(csv.split('\n')[2]).toBe('"a, ""b""",-2');
    expect(csv.split('\n')[3]).toBe("'@SUM,3");
  });

  it('a negative amount written as text stays a number; anything more after the minus is escaped', () => {
    const csv = toCsv(columns, [
      { name: '-10.00', n: 1 },
      { name: '-1+2', n: 2 },
    ]);
    expect(csv.split('\n')[1]).toBe('-10.00,1');
    expect(csv.split('\n')[2]).toBe("'-1+2,2");
  });

  it('a streamed export produces the same text as the in-memory one and parses back', async () => {
    const rows = [
      { name: 'Latte', n: 1 },
      { name: '-5 off', n: 2 },
    ];
    async function* source() {
      yield* rows;
    }
    let streamed = '';
    for await (const chunk of csvStream(columns, source())) streamed += chunk;
    expect(streamed).toBe(toCsv(columns, rows));
    expect(parseCsv(streamed)).toEqual([
      { Name: 'Latte', N: '1' },
      { Name: "'-5 off", N: '2' },
    ]);
  });

  describe('readCsvImport', () => {
    const read = (text: string) =>
      readCsvImport(text, {
        rowNoun: 'item',
        required: ['sku', 'name', 'price'],
        maxRows: 2,
        invalid: (m) => new Error(m),
      });

    it('reads cells by column name ignoring case, undoing the formula escape; an absent column is undefined', async () => {
      const file = await read("SKU,Name,Price\nA1,'=SUM(1),2.50\n");
      const [record] = file.records;
      expect(file.cell(record!, 'sku')).toBe('A1');
      expect(file.cell(record!, 'name')).toBe('=SUM(1)');
      expect(file.cell(record!, 'stock')).toBeUndefined();
    });

    it('refuses a file without rows, with too many rows or without a required column', async () => {
      await expect(read('sku,name,price\n')).rejects.toThrow('The CSV file has no item rows.');
      await expect(read('sku,name,price\na,b,1\nc,d,1\ne,f,1\n')).rejects.toThrow(
        'A CSV file can have at most 2 rows; split it into smaller files.',
      );
      await expect(read('sku\na\n')).rejects.toThrow(
        'The CSV file needs the columns sku, name and price (missing: name, price).',
      );
    });

    it('reads a large file in slices exactly as in one piece, characters beyond the BMP included', async () => {
      const rows = Array.from({ length: 20_000 }, (_, i) => `S${i},"Café 😀 ${i}, ""quoted""",${i}.50`);
      const text = `\uFEFFsku,name,price\n${rows.join('\n')}\n`;
      const file = await readCsvImport(text, {
        rowNoun: 'item',
        required: ['sku', 'name', 'price'],
        maxRows: 50_000,
        invalid: (m) => new Error(m),
      });
      expect(file.records).toEqual(parseCsv(text));
      expect(file.records[19_999]).toEqual({ sku: 'S19999', name: 'Café 😀 19999, "quoted"', price: '19999.50' });
    });
  });
});
