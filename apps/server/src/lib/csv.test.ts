import { describe, expect, it } from 'vitest';
import { csvStream, parseCsv, toCsv } from './csv';

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
});
