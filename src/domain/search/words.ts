/** At most this many words of what a person types are searched for; the rest would only narrow further. */
export const MAX_SEARCH_WORDS = 5;

/**
 * The words of a search text, as both the server (each must be contained in a hit)
 * and the screen (each is highlighted in a hit) read them: split at white space,
 * the first few, each once regardless of case.
 */
export function searchWords(text: string): string[] {
  const words: string[] = [];
  for (const word of text.trim().split(/\s+/)) {
    if (word === '' || words.some((seen) => seen.toLowerCase() === word.toLowerCase())) continue;
    words.push(word);
    if (words.length === MAX_SEARCH_WORDS) break;
  }
  return words;
}

/** A piece of a text, marked when it is one of the words searched for. */
export interface TextPiece {
  text: string;
  match: boolean;
}

/** `text` cut into pieces where any of `words` occurs (regardless of case), for highlighting. */
export function highlightPieces(text: string, words: readonly string[]): TextPiece[] {
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    const needle = word.toLowerCase();
    if (needle === '') continue;
    for (let at = lower.indexOf(needle); at >= 0; at = lower.indexOf(needle, at + 1)) marked.fill(true, at, at + needle.length);
  }
  const pieces: TextPiece[] = [];
  for (let i = 0; i < text.length; i++) {
    const last = pieces[pieces.length - 1];
    if (last && last.match === marked[i]) last.text += text[i];
    else pieces.push({ text: text[i]!, match: marked[i]! });
  }
  return pieces;
}
