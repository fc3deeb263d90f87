import { describe, expect, test } from 'vitest';
import { highlightPieces, MAX_SEARCH_WORDS, searchWords } from '../../../../src/domain/search/words';

describe('the words of a search', () => {
  test('split at white space, each once regardless of case, at most five', () => {
    expect(searchWords('  Acme   corp ACME ')).toEqual(['Acme', 'corp']);
    expect(searchWords('a b c d e f g')).toHaveLength(MAX_SEARCH_WORDS);
    expect(searchWords('   ')).toEqual([]);
  });

  test('every occurrence of every word is marked, regardless of case; the text is kept whole', () => {
    const pieces = highlightPieces('Acme Corp · purchasing@acme-corp.example', ['acme', 'CORP']);
    expect(pieces.map((piece) => piece.text).join('')).toBe('Acme Corp · purchasing@acme-corp.example');
    expect(pieces.filter((piece) => piece.match).map((piece) => piece.text)).toEqual(['Acme', 'Corp', 'acme', 'corp']);
    expect(highlightPieces('Initech', ['zz'])).toEqual([{ text: 'Initech', match: false }]);
  });
});
