/**
 * Irregular English plurals and past forms, each with the word it inflects:
 * the Porter2 stemmer only strips regular endings, so 'children' and
 * 'child', 'bought' and 'buy' would otherwise never meet. Common English
 * (the irregular nouns and verbs of a grammar's tables), not any tool
 * catalogue's words. Forms that are also other words are left out ('left',
 * 'found', 'saw', 'led', 'won', 'fed'), and so are stop words and the forms
 * of verbs requests and descriptions use as filler ('given', 'made', 'took').
 */
const IRREGULAR: ReadonlyArray<readonly [string, string]> = [
  // Nouns.
  ['children', 'child'], ['men', 'man'], ['women', 'woman'], ['people', 'person'], ['feet', 'foot'],
  ['teeth', 'tooth'], ['mice', 'mouse'], ['geese', 'goose'], ['analyses', 'analysis'], ['crises', 'crisis'],
  ['theses', 'thesis'], ['diagnoses', 'diagnosis'], ['indices', 'index'], ['matrices', 'matrix'],
  ['vertices', 'vertex'], ['criteria', 'criterion'], ['phenomena', 'phenomenon'], ['leaves', 'leaf'],
  ['knives', 'knife'], ['wives', 'wife'], ['halves', 'half'], ['shelves', 'shelf'], ['wolves', 'wolf'],
  ['thieves', 'thief'],
  // Verbs: past tense and past participle.
  ['bought', 'buy'], ['caught', 'catch'], ['taught', 'teach'], ['fought', 'fight'], ['wrote', 'write'],
  ['written', 'write'], ['ran', 'run'], ['sent', 'send'], ['spent', 'spend'], ['built', 'build'],
  ['paid', 'pay'], ['sold', 'sell'], ['slept', 'sleep'], ['grew', 'grow'],
  ['grown', 'grow'], ['drew', 'draw'], ['drawn', 'draw'], ['flew', 'fly'], ['flown', 'fly'],
  ['drove', 'drive'], ['driven', 'drive'], ['rode', 'ride'], ['ridden', 'ride'], ['ate', 'eat'],
  ['eaten', 'eat'], ['chose', 'choose'], ['chosen', 'choose'], ['spoke', 'speak'], ['spoken', 'speak'],
  ['broke', 'break'], ['broken', 'break'], ['froze', 'freeze'], ['frozen', 'freeze'], ['stole', 'steal'],
  ['stolen', 'steal'], ['forgot', 'forget'], ['forgotten', 'forget'], ['began', 'begin'], ['begun', 'begin'],
  ['sang', 'sing'], ['sung', 'sing'], ['swam', 'swim'], ['swum', 'swim'], ['drank', 'drink'],
  ['fled', 'flee'], ['bled', 'bleed'], ['hid', 'hide'], ['hidden', 'hide'], ['shook', 'shake'],
  ['woke', 'wake'], ['wore', 'wear'], ['worn', 'wear'], ['tore', 'tear'], ['threw', 'throw'],
  ['thrown', 'throw'], ['blew', 'blow'], ['blown', 'blow'],
];

/** The word an irregular form inflects ('children' -> child, 'bought' -> buy), or the word itself. */
export const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map(IRREGULAR);
