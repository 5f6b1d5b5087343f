import { describe, expect, it } from 'vitest';
import { csvRecordCount } from './get-vtpd-export';

describe('counting the sales of a VTPD file', () => {
  it('counts one record per line, CR LF or LF, with or without a last line break', () => {
    expect(csvRecordCount('')).toBe(0);
    expect(csvRecordCount('A,B\r\n')).toBe(1);
    expect(csvRecordCount('A,B\r\n1,2\r\n3,4\r\n')).toBe(3);
    expect(csvRecordCount('A,B\n1,2\n3,4')).toBe(3);
  });

  it('does not split a quoted cell that holds a line break or doubled quotes', () => {
    expect(csvRecordCount('A,Notes\r\n1,"paid, ""thanks""\r\nsecond line"\r\n2,\r\n')).toBe(3);
    expect(csvRecordCount('A,Notes\r\n1,"say ""hi""\nthere"\r\n')).toBe(2);
  });
});
