/**
 * CSV as RFC 4180 writes it, the one writer and reader of the app and the server:
 * cells separated by commas, records ended by CRLF, a cell quoted when it holds a
 * quote, a separator or a line break, quotes inside doubled. Files start with a
 * UTF-8 byte order mark so spreadsheets read them as UTF-8.
 *
 * Text cells are neutralised against spreadsheet formula injection (OWASP): a cell
 * starting with =, +, -, @, their full-width look-alikes, any white space or line break
 * (spreadsheets skip leading spaces, NBSP included, before they look for a formula) or an
 * invisible format character (U+200B and its kind) gets a leading apostrophe, which
 * spreadsheets read as "this is text". Reading takes exactly one such apostrophe away
 * again, so text survives a round trip unchanged.
 */

export const BYTE_ORDER_MARK = '\uFEFF';
export const RECORD_END = '\r\n';

/** A cell as written: text is neutralised, numbers are written as they are (a number is never a formula). */
export type CsvCell = string | number;

// What may open a formula, or hide what opens one: the signs and their full-width and
// minus look-alikes, white space and line breaks of every kind, and invisible format characters.
const FORMULA_LEAD = String.raw`[=+\-@\uFF1D\uFF0B\uFF0D\uFF20\u2212\s\p{Z}\p{Cf}]`;
// Apostrophes already in front are counted in, so that reading can take exactly the one added.
const FORMULA_START = new RegExp(`^'*${FORMULA_LEAD}`, 'u');
const NEUTRALISED = new RegExp(`^'+${FORMULA_LEAD}`, 'u');
const NEEDS_QUOTES = /[",\r\n;]/;

export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text neutraliseFormula was given. */
export function restoreFormula(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

function field(cell: CsvCell): string {
  if (typeof cell === 'number') return String(cell);
  const text = neutraliseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record with its line end. A record of one empty cell is written "" so it is not read as a blank line. */
export function csvRecord(cells: readonly CsvCell[]): string {
  if (cells.length === 1 && cells[0] === '') return `""${RECORD_END}`;
  return cells.map(field).join(',') + RECORD_END;
}

/** A whole file: the byte order mark, then every record. */
export function csvFile(records: readonly (readonly CsvCell[])[]): string {
  return BYTE_ORDER_MARK + records.map(csvRecord).join('');
}

/** Why a text could not be read as CSV, with the line it concerns. */
export class CsvSyntaxError extends Error {}

/**
 * The separator of a file: a comma, or a semicolon when the first line holds more of
 * them outside quotes (spreadsheets in many European locales write those).
 */
function separatorOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (let at = 0; at < text.length; at += 1) {
    const character = text[at];
    if (character === '"') quoted = !quoted;
    else if (!quoted && (character === '\n' || character === '\r')) break;
    else if (!quoted && character === ',') commas += 1;
    else if (!quoted && character === ';') semicolons += 1;
  }
  return semicolons > commas ? ';' : ',';
}

/**
 * The records of a CSV text, cells restored (see restoreFormula). Reads what
 * spreadsheets write: a byte order mark or none, CRLF, LF or CR line ends, a last
 * record with or without its line end, a comma or semicolon separator.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(BYTE_ORDER_MARK) ? input.slice(1) : input;
  const separator = separatorOf(text);
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let line = 1;
  let at = 0;
  const endCell = () => {
    record.push(restoreFormula(cell));
    cell = '';
  };
  const endRecord = () => {
    endCell();
    records.push(record);
    record = [];
  };
  while (at < text.length) {
    const character = text[at]!;
    if (character === '"' && cell === '') {
      const opened = line;
      at += 1;
      for (;;) {
        if (at >= text.length) throw new CsvSyntaxError(`A quoted cell opened on line ${opened} is never closed.`);
        const inside = text[at]!;
        if (inside === '"') {
          if (text[at + 1] === '"') {
            cell += '"';
            at += 2;
            continue;
          }
          at += 1;
          break;
        }
        if (inside === '\n') line += 1;
        cell += inside;
        at += 1;
      }
      // Whatever follows the closing quote before the next separator belongs to the cell (as spreadsheets read it).
      continue;
    }
    if (character === separator) {
      endCell();
      at += 1;
    } else if (character === '\r' || character === '\n') {
      endRecord();
      at += character === '\r' && text[at + 1] === '\n' ? 2 : 1;
      line += 1;
    } else {
      // The rest of an unquoted cell at once: a quote inside it is its own character.
      let end = at + 1;
      while (end < text.length && text[end] !== separator && text[end] !== '\r' && text[end] !== '\n') end += 1;
      cell += text.slice(at, end);
      at = end;
    }
  }
  if (cell !== '' || record.length > 0) endRecord();
  return records;
}
