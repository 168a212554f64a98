import { englishDataset, englishRecommendedTransformers, RegExpMatcher } from 'obscenity';
import { type AnalysedText, analyseText } from '../text/nlp';
import { orderCategories, type SensitiveCategory } from './categories';

/** A word list written as one space-separated string. */
const wordList = (list: string): string[] => list.split(' ');

type Scores = Partial<Record<SensitiveCategory, number>>;

/** A category is reported once its evidence reaches this score. */
const FLAG_AT = 2;
/** How many tokens either side of a term are read as its context (within the sentence). */
const WINDOW = 8;

interface Rule {
  /** Words in sequence (hyphens between them are skipped); each word also matches its inflections. */
  term: string;
  scores: Scores;
  /** The term counts only if one of these words is near it. */
  needs?: readonly string[];
  /** An innocent sense: the term does not count if one of these words is near it. */
  unless?: readonly string[];
  /** The term does not count when immediately followed by one of these words. */
  unlessNext?: readonly string[];
  /** The term does not count when immediately preceded by one of these words. */
  unlessPrev?: readonly string[];
  /** A number near the term satisfies `needs` ("killed 12", "12 were shot"). */
  numbersCount?: boolean;
  /** For "killer": a noun right after it means an adjective use ("killer feature", "killer whale"). */
  unlessNextNoun?: boolean;
  /** The matched token must carry one of these POS tags. */
  pos?: readonly string[];
}

// Words that make "kill", "attack", "shot" and similar refer to harm done to people.
const PEOPLE = wordList(
  'people person man woman child children boy girl teenager civilian soldier officer police policeman victim resident student worker passenger protester journalist family baby he she they him her them himself herself themselves wife husband mother father son daughter neighbour neighbor suspect gunman bystander',
);
const HARM = wordList(
  'kill dead death die wound injure injury victim murder blood fatal fatally hospital casualty gun gunman gunfire bullet knife police shooting stab bomb terrorist terror attack assault weapon explode explosion injured wounded',
);
const IMAGERY = wordList(
  'photo photograph photographer film movie video camera scene picture portrait footage documentary episode season studio lens frame selfie commercial star',
);
const SPORT = wordList('basketball basket percent field goal hoop ball puck goalkeeper score penalty match game');
const MEDICINE = ['vaccine', 'flu', 'booster', 'vaccination', 'jab', 'injection', 'dose', 'covid', 'clinic'];
const INNOCENT_SHOTS = [...IMAGERY, ...SPORT, ...MEDICINE, 'chance', 'try', 'attempt', 'moon', 'espresso', 'tequila'];
const TECH_OBJECTS = wordList(
  'process switch app feature time program task deal bill idea project mood battery engine server session tab thread job query signal buzz joke vibe',
);
const CYBER = wordList(
  'cyber cyberattack phishing ransomware malware ddos hacker hack password data network server vulnerability exploit heart panic asthma allergy anxiety',
);

const RULES: readonly Rule[] = [
  // Violence
  { term: 'murder', scores: { violence: 2 }, unlessNext: ['mystery', 'mysteries', 'ballad'] },
  { term: 'murderer', scores: { violence: 2 } },
  { term: 'homicide', scores: { violence: 2 } },
  { term: 'massacre', scores: { violence: 2 } },
  { term: 'genocide', scores: { violence: 2, hate: 1 } },
  { term: 'behead', scores: { violence: 2 } },
  { term: 'torture', scores: { violence: 2 } },
  { term: 'bloodshed', scores: { violence: 2 } },
  { term: 'lynch', scores: { violence: 2, hate: 1 } },
  { term: 'assassinate', scores: { violence: 2 } },
  { term: 'assassination', scores: { violence: 2 } },
  { term: 'gunman', scores: { violence: 2 } },
  { term: 'gunfire', scores: { violence: 2 } },
  { term: 'mass shooting', scores: { violence: 2 } },
  { term: 'ethnic cleansing', scores: { violence: 2, hate: 2 } },
  { term: 'war crime', scores: { violence: 2 } },
  { term: 'domestic violence', scores: { violence: 2 } },
  { term: 'death toll', scores: { violence: 1 } },
  { term: 'stab', scores: { violence: 2 }, unless: ['back'] },
  { term: 'kidnap', scores: { violence: 1.5 } },
  { term: 'abduct', scores: { violence: 1.5 } },
  { term: 'hostage', scores: { violence: 1 } },
  { term: 'riot', scores: { violence: 1 } },
  { term: 'airstrike', scores: { violence: 1 } },
  { term: 'terrorist', scores: { violence: 1.5 } },
  { term: 'terrorism', scores: { violence: 1.5 } },
  { term: 'violence', scores: { violence: 1 } },
  { term: 'violent', scores: { violence: 1 }, unless: ['storm', 'wind', 'weather', 'swing', 'volatility'] },
  { term: 'brutality', scores: { violence: 1 } },
  { term: 'war', scores: { violence: 0.5 }, unlessPrev: ['price', 'bidding', 'talent', 'console', 'format', 'flame'] },
  { term: 'casualty', scores: { violence: 1 } },
  { term: 'assault', scores: { violence: 1 }, unless: ['rifle', 'weapon', 'course'] },
  { term: 'kill', scores: { violence: 1.5 }, needs: PEOPLE, numbersCount: true, unless: TECH_OBJECTS },
  { term: 'killer', scores: { violence: 1.5 }, unlessNextNoun: true, unlessPrev: ['weed', 'pain', 'giant'] },
  { term: 'shoot', scores: { violence: 1 }, needs: [...HARM, ...PEOPLE], numbersCount: true, unless: INNOCENT_SHOTS },
  { term: 'shot', scores: { violence: 1 }, needs: [...HARM, ...PEOPLE], numbersCount: true, unless: INNOCENT_SHOTS },
  { term: 'shooting', scores: { violence: 1.5 }, needs: HARM, unless: INNOCENT_SHOTS },
  { term: 'shot dead', scores: { violence: 2 } },
  { term: 'beat to death', scores: { violence: 2 } },
  { term: 'attack', scores: { violence: 1 }, needs: HARM, unless: CYBER },
  { term: 'bomb', scores: { violence: 1.5 }, needs: HARM, unlessNext: ['cyclone'], unless: ['box', 'office', 'flop'] },
  { term: 'bombing', scores: { violence: 2 } },
  { term: 'explosion', scores: { violence: 1 }, needs: HARM },
  { term: 'suicide bomber', scores: { violence: 2 } },
  { term: 'suicide bombing', scores: { violence: 2 } },
  { term: 'suicide attack', scores: { violence: 2 } },
  { term: 'rape', scores: { violence: 2, sexual: 2 }, unlessPrev: ['oilseed'] },
  { term: 'rapist', scores: { violence: 2, sexual: 2 } },

  // Self-harm
  {
    term: 'suicide',
    scores: { 'self-harm': 2 },
    unlessNext: ['bomber', 'bombing', 'attack', 'squad', 'mission', 'door', 'drone', 'pact'],
    unlessPrev: ['political', 'career', 'commercial', 'electoral', 'corporate', 'financial'],
  },
  { term: 'suicidal', scores: { 'self-harm': 2 } },
  { term: 'self harm', scores: { 'self-harm': 2 } },
  { term: 'self injury', scores: { 'self-harm': 2 } },
  { term: 'kill himself', scores: { 'self-harm': 2 } },
  { term: 'kill herself', scores: { 'self-harm': 2 } },
  { term: 'kill themselves', scores: { 'self-harm': 2 } },
  { term: 'kill myself', scores: { 'self-harm': 2 } },
  { term: 'kill yourself', scores: { 'self-harm': 2, harassment: 2 } },
  { term: 'take his own life', scores: { 'self-harm': 2 } },
  { term: 'take her own life', scores: { 'self-harm': 2 } },
  { term: 'take their own life', scores: { 'self-harm': 2 } },
  { term: 'take their own lives', scores: { 'self-harm': 2 } },
  { term: 'cut myself', scores: { 'self-harm': 1.5 } },
  { term: 'eating disorder', scores: { 'self-harm': 1 } },
  { term: 'anorexia', scores: { 'self-harm': 1 } },
  { term: 'bulimia', scores: { 'self-harm': 1 } },

  // Sexual
  { term: 'porn', scores: { sexual: 2 } },
  { term: 'porno', scores: { sexual: 2 } },
  { term: 'pornography', scores: { sexual: 2 } },
  { term: 'pornographic', scores: { sexual: 2 } },
  { term: 'erotic', scores: { sexual: 2 } },
  { term: 'erotica', scores: { sexual: 2 } },
  { term: 'molest', scores: { sexual: 2, violence: 1 } },
  { term: 'molestation', scores: { sexual: 2, violence: 1 } },
  { term: 'sexual assault', scores: { sexual: 2, violence: 2 } },
  { term: 'sexual abuse', scores: { sexual: 2, violence: 1 } },
  { term: 'sexually abuse', scores: { sexual: 2, violence: 1 } },
  { term: 'sexual harassment', scores: { sexual: 1, harassment: 2 } },
  { term: 'sexually explicit', scores: { sexual: 2 } },
  { term: 'revenge porn', scores: { harassment: 2 } },
  { term: 'prostitution', scores: { sexual: 1.5 } },
  { term: 'prostitute', scores: { sexual: 1.5 } },
  { term: 'sex worker', scores: { sexual: 1 } },
  { term: 'sex work', scores: { sexual: 1 } },
  { term: 'nude', scores: { sexual: 1 } },
  { term: 'nudity', scores: { sexual: 1 } },
  { term: 'naked', scores: { sexual: 1 }, unlessNext: ['eye'] },
  { term: 'fetish', scores: { sexual: 1 } },
  { term: 'strip club', scores: { sexual: 1.5 } },
  { term: 'sexual', scores: { sexual: 0.5 } },
  {
    term: 'sex',
    scores: { sexual: 0.5 },
    unlessNext: ['difference', 'ratio', 'chromosome', 'determination', 'hormone', 'discrimination', 'education'],
    unlessPrev: ['same', 'biological', 'opposite'],
  },

  // Hate
  { term: 'hate speech', scores: { hate: 1.5 } },
  { term: 'hate crime', scores: { hate: 1.5, violence: 0.5 } },
  { term: 'racist', scores: { hate: 1 } },
  { term: 'racism', scores: { hate: 1 } },
  { term: 'racial slur', scores: { hate: 2 } },
  { term: 'slur', scores: { hate: 1 } },
  { term: 'white supremacist', scores: { hate: 2 } },
  { term: 'white supremacy', scores: { hate: 2 } },
  { term: 'neo nazi', scores: { hate: 2 } },
  { term: 'nazi', scores: { hate: 1 }, unlessPrev: ['grammar', 'soup'] },
  { term: 'ku klux klan', scores: { hate: 2 } },
  { term: 'antisemitism', scores: { hate: 1.5 } },
  { term: 'antisemitic', scores: { hate: 1.5 } },
  { term: 'islamophobia', scores: { hate: 1.5 } },
  { term: 'islamophobic', scores: { hate: 1.5 } },
  { term: 'homophobia', scores: { hate: 1.5 } },
  { term: 'homophobic', scores: { hate: 1.5 } },
  { term: 'transphobia', scores: { hate: 1.5 } },
  { term: 'transphobic', scores: { hate: 1.5 } },
  { term: 'xenophobia', scores: { hate: 1 } },
  { term: 'xenophobic', scores: { hate: 1 } },
  { term: 'bigot', scores: { hate: 1 } },
  { term: 'bigotry', scores: { hate: 1 } },
  { term: 'dehumanize', scores: { hate: 1 } },
  { term: 'dehumanise', scores: { hate: 1 } },

  // Harassment
  { term: 'harass', scores: { harassment: 1.5 } },
  { term: 'harassment', scores: { harassment: 1.5 } },
  { term: 'harassed', scores: { harassment: 1.5 } },
  { term: 'bully', scores: { harassment: 1.5 }, unlessNext: ['pulpit'] },
  { term: 'bullying', scores: { harassment: 1.5 } },
  { term: 'cyberbully', scores: { harassment: 2 } },
  { term: 'cyberbullying', scores: { harassment: 2 } },
  { term: 'stalker', scores: { harassment: 1.5 } },
  { term: 'stalk', scores: { harassment: 1 }, pos: ['VERB'] },
  { term: 'stalking', scores: { harassment: 1.5 } },
  { term: 'doxx', scores: { harassment: 2 } },
  { term: 'doxxed', scores: { harassment: 2 } },
  { term: 'doxxing', scores: { harassment: 2 } },
  { term: 'dox', scores: { harassment: 2 } },
  { term: 'death threat', scores: { harassment: 2, violence: 1 } },
  { term: 'threaten', scores: { harassment: 1 }, needs: ['kill', 'hurt', 'harm', 'rape', 'beat', 'death', 'violence'] },
  { term: 'intimidate', scores: { harassment: 1 } },
  { term: 'intimidation', scores: { harassment: 1 } },
  { term: 'online abuse', scores: { harassment: 2 } },
  { term: 'verbal abuse', scores: { harassment: 1.5 } },
  { term: 'abusive', scores: { harassment: 1 } },

  // Drugs
  { term: 'cocaine', scores: { drugs: 2 } },
  { term: 'heroin', scores: { drugs: 2 } },
  { term: 'methamphetamine', scores: { drugs: 2 } },
  { term: 'meth', scores: { drugs: 2 }, pos: ['NOUN', 'PROPN'] },
  { term: 'fentanyl', scores: { drugs: 2 } },
  { term: 'mdma', scores: { drugs: 2 } },
  { term: 'lsd', scores: { drugs: 1.5 } },
  { term: 'opioid', scores: { drugs: 1 } },
  { term: 'overdose', scores: { drugs: 1.5 } },
  { term: 'narcotic', scores: { drugs: 1.5 } },
  { term: 'drug dealer', scores: { drugs: 2 } },
  { term: 'drug dealing', scores: { drugs: 2 } },
  { term: 'drug trafficking', scores: { drugs: 2, illicit: 1 } },
  { term: 'drug trafficker', scores: { drugs: 2, illicit: 1 } },
  { term: 'drug cartel', scores: { drugs: 2, illicit: 1 } },
  { term: 'drug abuse', scores: { drugs: 2 } },
  { term: 'drug addiction', scores: { drugs: 2 } },
  { term: 'drug use', scores: { drugs: 1 } },
  { term: 'cartel', scores: { drugs: 1 }, unless: ['oil', 'price', 'opec', 'competition', 'antitrust'] },
  { term: 'marijuana', scores: { drugs: 1 } },
  { term: 'cannabis', scores: { drugs: 1 } },
  { term: 'crack cocaine', scores: { drugs: 1 } },

  // Weapons
  { term: 'firearm', scores: { weapons: 1.5 } },
  { term: 'rifle', scores: { weapons: 1.5 }, unlessPrev: ['air'] },
  { term: 'handgun', scores: { weapons: 2 } },
  { term: 'pistol', scores: { weapons: 1.5 }, unlessPrev: ['water', 'glue', 'nozzle'] },
  { term: 'shotgun', scores: { weapons: 1.5 }, unlessNext: ['wedding'] },
  { term: 'ammunition', scores: { weapons: 1.5 } },
  { term: 'ammo', scores: { weapons: 1.5 } },
  { term: 'assault rifle', scores: { weapons: 2 } },
  { term: 'assault weapon', scores: { weapons: 2 } },
  { term: 'ar 15', scores: { weapons: 2 } },
  { term: 'machine gun', scores: { weapons: 2 } },
  { term: 'grenade', scores: { weapons: 2 } },
  { term: 'pipe bomb', scores: { weapons: 2, violence: 1 } },
  { term: 'explosive', scores: { weapons: 1.5 }, pos: ['NOUN'] },
  { term: 'nuclear weapon', scores: { weapons: 1.5 } },
  { term: 'missile', scores: { weapons: 1 } },
  {
    term: 'gun',
    scores: { weapons: 1 },
    unlessPrev: wordList('glue nail heat staple spray massage water squirt toy speed radar top'),
  },
  { term: 'weapon', scores: { weapons: 1 }, unlessPrev: ['secret'] },

  // Crime more broadly
  { term: 'money laundering', scores: { illicit: 1.5 } },
  { term: 'human trafficking', scores: { illicit: 2, violence: 1 } },
  { term: 'smuggle', scores: { illicit: 1 } },
];

const scoreEach = (list: string[], scores: Scores) => Object.fromEntries(list.map((w) => [w, scores]));

// Obscenity's English list mixes slurs, sexual terms and swearing: each goes to its own category.
// "sex", "anal", "penis", "vagina" and "rape" are news and health words: the rules above judge them.
const OBSCENITY_SCORES: Record<string, Scores> = {
  ...scoreEach(wordList('abo abeed africoon arabush boonga chingchong chink dyke fag kike nigger tranny'), { hate: 2 }),
  retard: { hate: 1, profanity: 1 },
  spastic: { hate: 1 },
  negro: { hate: 1 },
  ...scoreEach(
    'blowjob|buttplug|deepthroat|dildo|doggystyle|double penetration|ejaculate|felch|fellatio|finger bang|fisting|gangbang|handjob|hentai|jerk off|jizz|lubejob|masturbate|porn|bestiality|incest|orgy|orgasm'.split(
      '|',
    ),
    { sexual: 2 },
  ),
  ...scoreEach(wordList('cum semen boob tit hooker'), { sexual: 1 }),
  slut: { sexual: 1, profanity: 1 },
  whore: { sexual: 1, profanity: 1 },
  fuck: { profanity: 2 },
  cunt: { profanity: 2 },
  ...scoreEach(wordList('arse ass bastard bitch bollocks cock cuck dick piss prick pussy shit turd twat wank scat'), {
    profanity: 1,
  }),
};

// Letters that may follow or precede a swear word inside one word ("bullshit", "assholes").
const SWEAR_PREFIXES = /(?:mother|bull|horse|dip|dumb|jack|cluster|holy|chicken|ape|bat)$/i;
const SWEAR_SUFFIXES = /^(?:hole|holes|ing|in|er|ers|ed|s|es|y|ty|head|heads|face|off|bag|wit|tard|ass|got|gots)$/i;

const matcher = new RegExpMatcher({ ...englishDataset.build(), ...englishRecommendedTransformers });

/** Inflected forms a lexicon word should also match ("stab" → "stabbed", "stabbings"). */
function inflections(word: string): string[] {
  const forms = [word, `${word}s`, `${word}es`, `${word}ed`, `${word}ing`, `${word}ings`];
  if (word.endsWith('e')) forms.push(`${word}d`, `${word.slice(0, -1)}ing`, `${word.slice(0, -1)}ings`);
  if (word.endsWith('y')) forms.push(`${word.slice(0, -1)}ies`, `${word.slice(0, -1)}ied`);
  if (/[^aeiou][aeiou][bdgklmnprt]$/.test(word)) {
    const last = word.slice(-1);
    forms.push(`${word}${last}ed`, `${word}${last}ing`, `${word}${last}ings`, `${word}${last}er`);
  }
  return forms;
}

function formSet(words: readonly string[]): Set<string> {
  return new Set(words.flatMap(inflections));
}

interface CompiledRule extends Rule {
  words: Set<string>[];
  needsSet?: Set<string>;
  unlessSet?: Set<string>;
  nextSet?: Set<string>;
  prevSet?: Set<string>;
}

// Rules indexed by every form of their first word, so each token costs one or two map lookups.
const RULE_INDEX = new Map<string, CompiledRule[]>();
for (const rule of RULES) {
  const compiled: CompiledRule = {
    ...rule,
    words: rule.term.split(' ').map((w) => formSet([w])),
    needsSet: rule.needs && formSet(rule.needs),
    unlessSet: rule.unless && formSet(rule.unless),
    nextSet: rule.unlessNext && formSet(rule.unlessNext),
    prevSet: rule.unlessPrev && formSet(rule.unlessPrev),
  };
  for (const form of compiled.words[0] ?? []) {
    const list = RULE_INDEX.get(form) ?? [];
    list.push(compiled);
    RULE_INDEX.set(form, list);
  }
}

function tokenMatches(analysed: AnalysedText, i: number, forms: Set<string>): boolean {
  return forms.has(analysed.normal[i] ?? '') || forms.has(analysed.lemma[i] ?? '');
}

/** Word tokens of one sentence (punctuation and hyphens dropped), as indices into the token columns. */
function wordTokens(analysed: AnalysedText, from: number, to: number): number[] {
  const words: number[] = [];
  for (let i = from; i < to; i++) {
    const type = analysed.type[i];
    if (type === 'word' || type === 'number') words.push(i);
  }
  return words;
}

function ruleApplies(analysed: AnalysedText, words: number[], at: number, rule: CompiledRule): boolean {
  const length = rule.words.length;
  for (let k = 1; k < length; k++) {
    const token = words[at + k];
    const forms = rule.words[k];
    if (token === undefined || !forms || !tokenMatches(analysed, token, forms)) return false;
  }
  const first = words[at] ?? 0;
  if (rule.pos && !rule.pos.includes(analysed.pos[first] ?? '')) return false;
  const next = words[at + length];
  const prev = words[at - 1];
  if (rule.nextSet && next !== undefined && tokenMatches(analysed, next, rule.nextSet)) return false;
  if (rule.prevSet && prev !== undefined && tokenMatches(analysed, prev, rule.prevSet)) return false;
  if (rule.unlessNextNoun && next !== undefined && ['NOUN', 'PROPN'].includes(analysed.pos[next] ?? '')) return false;
  if (!rule.needsSet && !rule.unlessSet) return true;
  const near: number[] = [];
  for (let k = Math.max(0, at - WINDOW); k < Math.min(words.length, at + length + WINDOW); k++) {
    if (k < at || k >= at + length) near.push(words[k] ?? 0);
  }
  if (rule.unlessSet && near.some((t) => tokenMatches(analysed, t, rule.unlessSet as Set<string>))) return false;
  if (rule.needsSet) {
    const needs = rule.needsSet;
    return near.some((t) => tokenMatches(analysed, t, needs) || (rule.numbersCount && analysed.pos[t] === 'NUM'));
  }
  return true;
}

function addScores(totals: Scores, scores: Scores): void {
  for (const [category, score] of Object.entries(scores) as [SensitiveCategory, number][]) {
    totals[category] = (totals[category] ?? 0) + score;
  }
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}$@*_]/u.test(char);
}

/** Profanity, slurs and explicit terms found by obscenity, counted only as whole words. */
function obscenityScores(text: string, totals: Scores): void {
  for (const match of matcher.getAllMatches(text, true)) {
    const word = englishDataset.getPayloadWithPhraseMetadata(match).phraseMetadata?.originalWord;
    const scores = word ? OBSCENITY_SCORES[word] : undefined;
    if (!scores) continue;
    let start = match.startIndex;
    let end = match.endIndex + 1;
    // Extend to the whole word, then accept only known compounds ("cockpit" and "shiitake" are not).
    while (start > 0 && isWordChar(text[start - 1])) start--;
    while (end < text.length && isWordChar(text[end])) end++;
    const before = text.slice(start, match.startIndex);
    const after = text.slice(match.endIndex + 1, end);
    if (before && !SWEAR_PREFIXES.test(before)) continue;
    if (after && !SWEAR_SUFFIXES.test(after)) continue;
    // A capitalised mild word inside a sentence is usually a name ("Moby Dick").
    const isMild = Object.values(scores).every((s) => s < 2);
    const capitalised = /\p{Lu}/u.test(text[start] ?? '');
    const sentenceStart = /(^|[.!?:"“\n]\s*)$/.test(text.slice(Math.max(0, start - 3), start));
    if (isMild && capitalised && !sentenceStart) continue;
    addScores(totals, scores);
  }
}

/** Category scores of a text before thresholding: exported for tests and tuning. */
export function scoreSensitivity(text: string): Scores {
  const totals: Scores = {};
  if (!text.trim()) return totals;
  const analysed = analyseText(text);
  for (const sentence of analysed.sentences) {
    const words = wordTokens(analysed, sentence.tokenStart, sentence.tokenEnd);
    for (let at = 0; at < words.length; at++) {
      const token = words[at] ?? 0;
      const candidates = new Set([
        ...(RULE_INDEX.get(analysed.normal[token] ?? '') ?? []),
        ...(RULE_INDEX.get(analysed.lemma[token] ?? '') ?? []),
      ]);
      // Overlapping rules on one word ("bomb" and "bombing", "shot" and "shot dead") count once,
      // at the strongest reading.
      const strongest: Scores = {};
      for (const rule of candidates) {
        if (!ruleApplies(analysed, words, at, rule)) continue;
        for (const [category, score] of Object.entries(rule.scores) as [SensitiveCategory, number][]) {
          strongest[category] = Math.max(strongest[category] ?? 0, score);
        }
      }
      addScores(totals, strongest);
    }
  }
  obscenityScores(text, totals);
  return totals;
}

/** Offline sensitivity check: lexicon rules over wink-nlp lemmas with context, plus obscenity. */
export function classifySensitivityLocally(text: string): { isSensitive: boolean; categories: SensitiveCategory[] } {
  const scores = scoreSensitivity(text);
  const categories = orderCategories(
    Object.entries(scores)
      .filter(([, score]) => score >= FLAG_AT)
      .map(([category]) => category),
  );
  return { isSensitive: categories.length > 0, categories };
}
