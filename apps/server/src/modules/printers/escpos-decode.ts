/**
 * Issue #36 (testing without hardware): reads ESC/POS bytes back into what a thermal printer would
 * do with them: text lines (as printed, with the encoder's alignment padding), and markers for a
 * bold line, a QR code, a paper cut and a drawer pulse. Used by the fake printer
 * (`npm run dev:printer`) and by the tests. An unknown command is an error, so a renderer change that
 * sends something a printer may not understand fails the golden tests.
 */
export type DecodedPrint = {
  /** Printed lines; `[QR <data>]`, `[CUT]` and `[PULSE]` mark those commands where they came. */
  lines: string[];
  cuts: number;
  pulses: number;
  qrCodes: string[];
};

const ESC = 0x1b;
const GS = 0x1d;
const FS = 0x1c;

/** ESC commands and how many argument bytes follow. */
const ESC_ARGS: Record<number, number> = {
  64: 0, // @ initialize
  97: 1, // a align
  69: 1, // E bold
  71: 1, // G double strike
  77: 1, // M font
  116: 1, // t code page
  45: 1, // - underline
  33: 1, // ! print mode
  50: 0, // 2 default line spacing
  51: 1, // 3 line spacing
  100: 1, // d feed n lines
  74: 1, // J feed dots
  123: 1, // { upside down
  112: 3, // p drawer pulse
};
/** GS commands with a fixed argument count. */
const GS_ARGS: Record<number, number> = { 33: 1, 66: 1, 104: 1, 119: 1, 72: 1, 102: 1, 76: 2, 87: 2 };
const FS_ARGS: Record<number, number> = { 46: 0, 38: 0, 67: 1 };

export function decodeEscPos(bytes: Uint8Array): DecodedPrint {
  const out: DecodedPrint = { lines: [], cuts: 0, pulses: 0, qrCodes: [] };
  let line = '';
  let bold = false;
  let big = false;
  let boldInLine = false;
  let bigInLine = false;
  let qrData = '';
  const flush = () => {
    const marks = `${boldInLine ? ' [B]' : ''}${bigInLine ? ' [2x]' : ''}`;
    out.lines.push(`${line.trimEnd()}${marks}`);
    line = '';
    boldInLine = false;
    bigInLine = false;
  };
  const marker = (text: string) => {
    if (line.trim()) flush();
    line = '';
    out.lines.push(text);
  };
  let i = 0;
  const need = (n: number) => {
    if (i + n > bytes.length) throw new Error(`ESC/POS: command at ${i} is cut short`);
  };
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b === 0x0a) {
      flush();
      i += 1;
    } else if (b === 0x0d) {
      i += 1;
    } else if (b === ESC) {
      need(2);
      const cmd = bytes[i + 1] as number;
      const args = ESC_ARGS[cmd];
      if (args === undefined) throw new Error(`ESC/POS: unknown ESC 0x${cmd.toString(16)} at ${i}`);
      need(2 + args);
      if (cmd === 0x45) bold = (bytes[i + 2] as number) === 1;
      if (cmd === 0x40) {
        bold = false;
        big = false;
      }
      if (cmd === 0x70) {
        out.pulses += 1;
        marker('[PULSE]');
      }
      if (cmd === 0x64) for (let n = 0; n < (bytes[i + 2] as number); n++) flush();
      i += 2 + args;
    } else if (b === GS) {
      need(2);
      const cmd = bytes[i + 1] as number;
      if (cmd === 0x56) {
        // GS V m [n]: cut (m 0/1/48/49) or feed and cut (m 65/66)
        need(3);
        const m = bytes[i + 2] as number;
        i += m >= 65 ? 4 : 3;
        out.cuts += 1;
        marker('[CUT]');
      } else if (cmd === 0x28 && bytes[i + 2] === 0x6b) {
        // GS ( k pL pH cn fn data: 2D codes
        need(5);
        const len = (bytes[i + 3] as number) + (bytes[i + 4] as number) * 256;
        need(5 + len);
        const body = bytes.subarray(i + 5, i + 5 + len);
        const fn = body[1];
        if (body[0] === 0x31 && fn === 0x50) qrData = Buffer.from(body.subarray(3)).toString('latin1');
        if (body[0] === 0x31 && fn === 0x51) {
          out.qrCodes.push(qrData);
          marker(`[QR ${qrData}]`);
        }
        i += 5 + len;
      } else {
        const args = GS_ARGS[cmd];
        if (args === undefined) throw new Error(`ESC/POS: unknown GS 0x${cmd.toString(16)} at ${i}`);
        need(2 + args);
        if (cmd === 0x21) big = (bytes[i + 2] as number) !== 0;
        i += 2 + args;
      }
    } else if (b === FS) {
      need(2);
      const args = FS_ARGS[bytes[i + 1] as number];
      if (args === undefined) throw new Error(`ESC/POS: unknown FS 0x${(bytes[i + 1] as number).toString(16)} at ${i}`);
      i += 2 + args;
    } else if (b < 0x20) {
      throw new Error(`ESC/POS: unexpected control byte 0x${b.toString(16)} at ${i}`);
    } else {
      line += String.fromCharCode(b);
      if (b !== 0x20) {
        boldInLine ||= bold;
        bigInLine ||= big;
      }
      i += 1;
    }
  }
  if (line.trim()) flush();
  return out;
}

/** The decoded print as text, one line each: what the golden .txt files hold. */
export function decodedText(bytes: Uint8Array): string {
  return `${decodeEscPos(bytes).lines.join('\n')}\n`;
}
