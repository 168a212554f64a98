/**
 * People in a thread as an editor introduces them: the first post that names someone gives the full
 * name and the role the article gave at its first mention ("Michael Howitt, an immunologist at
 * Stanford, wondered…"); later posts may use the surname. And nobody says "I" in a thread but the
 * curator: a first-person sentence of the author or of a quoted person is credited to them, or left
 * out. Everything added comes from the article's own words. Names are read from capitals, so the
 * rules work for languages written with spaces and capitals and leave other scripts alone.
 */

/** A person the article names in full and then by surname alone. */
export interface Person {
  /** "Michael Howitt", as the article first writes it. */
  full: string;
  /** "Howitt". */
  short: string;
  /** "an immunologist at Stanford": the apposition after the first full mention, when the article gives one. */
  role: string | null;
}

const WORD = String.raw`\p{Lu}[\p{Ll}\p{M}]+(?:[-'’]\p{Lu}?[\p{Ll}\p{M}]+)*`;
/** A run of capitalised words and initials: "Stanford", "Gordon D. Sondland", "María José García-López". */
const CAPITALISED_RUN = new RegExp(
  String.raw`(?<![\p{L}\p{N}])${WORD}(?: (?:${WORD}|\p{Lu}\.))*(?![\p{L}\p{N}])`,
  'gu',
);
const NAME_WORD = new RegExp(`^${WORD}$`, 'u');
/** Words capitalised only for opening a sentence, never a given name: "Those Uber drivers". */
const OPENERS = new Set(
  'the a an this that these those his her their our its my your in on at for with from by after before when while as if but and so yet then although though despite however meanwhile since because during under over about according also still now today yesterday last next where what who why how unless until without into of to der die das ein eine el la los las un una le les il lo gli des du'.split(
    ' ',
  ),
);

/** Titles before a name ("Mr. Trump"): no name of their own. */
const TITLES = new Set('mr mrs ms dr prof sen rep gov gen lt col sgt st mt herr frau sr sra'.split(' '));
/** How a role opens in the languages written with capitals: "an immunologist", "the chairman", "who will…". */
const ROLE_START =
  /^(?:a|an|the|who|whose|one|former|chief|head|der|die|das|ein|eine|einer|el|la|los|las|un|una|le|les|une|il|lo|uno|o|os|um|uma)\s/u;
/** Speech after the apposition's comma: "Howitt, who said…" credits, it does not introduce. */
const NOT_A_ROLE = /^who (?:said|says|told|added|wrote|writes|noted)\b/u;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The word as a whole word of any script: not inside a longer word. */
function wordPattern(word: string, flags = 'gu'): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, flags);
}

/**
 * The people an article names in full and later by surname: a run of two or three capitalised
 * names whose words the article never writes in lower case (so "The Stanford team" and "Deutsche
 * Bank" are not people), whose last word stands alone elsewhere, and whose surname no other full
 * name shares. The role is the apposition after the first full mention: ", an immunologist at
 * Stanford,".
 */
export function articlePeople(text: string): Person[] {
  const lower = new Set(text.match(/(?<![\p{L}\p{N}])[\p{Ll}][\p{L}\p{M}'’-]*/gu) ?? []);
  const byShort = new Map<string, Person | null>();
  for (const match of text.matchAll(CAPITALISED_RUN)) {
    const words = match[0].split(' ');
    // "When Michael Howitt", "President Donald Trump": words also written in lower case lead the name.
    const lead = words.findIndex(
      (w) => NAME_WORD.test(w) && !lower.has(w.toLowerCase()) && !OPENERS.has(w.toLowerCase()),
    );
    const names = lead === -1 ? [] : words.slice(lead);
    const short = names.at(-1) ?? '';
    if (names.length < 2 || names.length > 4 || !NAME_WORD.test(short)) continue;
    if (names.some((w) => TITLES.has(w.toLowerCase()))) continue;
    if (names.some((w) => NAME_WORD.test(w) && lower.has(w.toLowerCase()))) continue;
    const full = names.join(' ');
    const known = byShort.get(short);
    if (known === null || known?.full === full || (known && full.endsWith(known.full))) continue;
    if (known) {
      // Two people share the surname: it names neither on its own.
      byShort.set(short, null);
      continue;
    }
    const end = (match.index ?? 0) + match[0].length;
    const apposition = /^, (\p{Ll}[^,;:()"“”\n]*?)(?:,|\.(?=\s|$))/u.exec(text.slice(end, end + 160))?.[1];
    const role =
      apposition && apposition.split(' ').length <= 12 && ROLE_START.test(apposition) && !NOT_A_ROLE.test(apposition)
        ? apposition.trim()
        : null;
    byShort.set(short, { full, short, role });
  }
  // The first word of a person's name seldom stands alone; a company's ("Uber" of "Uber Money") does.
  // And a person speaks or has a role: "North India" and "Nigerian Senate" do neither.
  return [...byShort.values()].filter(
    (p): p is Person =>
      p !== null && alone(text, p) > 0 && headAlone(text, p) < alone(text, p) && (p.role !== null || speaks(text, p)),
  );
}

/** Whether the article credits the person with speech: "Howitt said", "said Michael Howitt", "Howitt, 54, told". */
function speaks(text: string, person: Person): boolean {
  const name = `(?:${escapeRegExp(person.full)}|${escapeRegExp(person.short)})`;
  return new RegExp(
    `(?<![\\p{L}])${name}(?:,[^,.]{0,60},)? (?:${SPEECH_VERBS})(?![\\p{L}])|(?<![\\p{L}])(?:${SPEECH_VERBS}) ${name}(?![\\p{L}])`,
    'u',
  ).test(text);
}

/** How many times a text writes the first word of a name without the rest of it. */
function headAlone(text: string, person: Person): number {
  const [head = '', ...rest] = person.full.split(' ');
  const after = ` ${rest.join(' ')}`;
  let count = 0;
  for (const match of text.matchAll(wordPattern(head))) {
    if (!text.startsWith(after, (match.index ?? 0) + head.length)) count++;
  }
  return count;
}

/** Whether the word at `at` belongs to a longer name: the person's own ("Michael Howitt") or another ("Walt Disney"). */
function partOfName(text: string, at: number, given: string): boolean {
  const before = text.slice(Math.max(0, at - 40), at);
  return before.endsWith(given) || /\p{Lu}[\p{L}\p{M}'’.-]* $/u.test(before);
}

/** How many times a text names the person by surname alone (not as part of the full name). */
function alone(text: string, person: Person): number {
  const given = person.full.slice(0, person.full.length - person.short.length);
  let count = 0;
  for (const match of text.matchAll(wordPattern(person.short))) {
    if (!partOfName(text, match.index ?? 0, given)) count++;
  }
  return count;
}

/** Where a text's quotations are: a name inside one is the speaker's wording and stays as written. */
function insideQuote(text: string, at: number): boolean {
  const before = text.slice(0, at);
  const curly = before.lastIndexOf('“') > before.lastIndexOf('”');
  return curly || (before.match(/"/g) ?? []).length % 2 === 1;
}

/** The people a text names, in full or by surname. */
export function namedIn(text: string, people: readonly Person[]): { full: Person[]; surname: Person[] } {
  const full = people.filter((p) => wordPattern(p.full, 'u').test(text));
  // A surname inside a quotation is the speaker's wording, which the thread keeps as it is.
  const outside = text.replace(/"[^"]*"|“[^”]*”/gu, ' ');
  const surname = people.filter((p) => !full.includes(p) && alone(outside, p) > 0);
  return { full, surname };
}

/**
 * Posts in thread order with every person introduced at their first mention: a surname alone
 * becomes the full name and the article's role for them, when the longer post still fits `fits`.
 * `known` are the people the thread has already named in full (the hook).
 */
export function introducePeople<P extends { content: string }>(
  posts: readonly P[],
  people: readonly Person[],
  fits: (content: string) => boolean,
  known: readonly Person[] = [],
): P[] {
  const introduced = new Set(known.map((p) => p.full));
  return posts.map((post) => {
    let content = post.content;
    for (const person of people) {
      if (introduced.has(person.full)) continue;
      if (wordPattern(person.full, 'u').test(content)) {
        introduced.add(person.full);
        continue;
      }
      const given = person.full.slice(0, person.full.length - person.short.length);
      const at = [...content.matchAll(wordPattern(person.short))]
        .map((m) => m.index ?? 0)
        .find((i) => !insideQuote(content, i) && !partOfName(content, i, given));
      if (at === undefined) continue;
      const rest = content.slice(at + person.short.length);
      // A role goes where an apposition can: not before a possessive or one the sentence already has.
      const canTakeRole = person.role && /^(?:\s|[.;:]\s|[.;:]?$)/u.test(rest) && !/^['’]/u.test(rest);
      const withRole = canTakeRole ? `${person.full}, ${person.role}${/^[.;:]/u.test(rest) ? '' : ','}` : person.full;
      const options = [withRole, person.full].map((name) => content.slice(0, at) + name + rest);
      const written = options.find(fits);
      if (!written) continue;
      content = written;
      introduced.add(person.full);
    }
    return content === post.content ? post : { ...post, content };
  });
}

/** First-person words, outside quotations: "I", "my", "we"… in the languages the pages come in. */
const FIRST_PERSON =
  /(?<![\p{L}\p{N}'’])(?:me|my|myself|we|our|ours|ourselves|ich|mich|mir|mein\p{L}*|wir|uns|unser\p{L}*|yo|mí|nosotros|nosotras|nuestr[oa]s?|je|j['’]|moi|nous|notre)(?![\p{L}\p{N}])/iu;
/** "I" and "us" only as written: "US" is a country. */
const FIRST_PERSON_CASED = /(?<![\p{L}\p{N}'’])(?:I|I['’](?:m|ve|d|ll)|us)(?![\p{L}\p{N}])/u;

/** The text with its quotations blanked out. */
function unquoted(text: string): string {
  return text
    .replace(/"[^"]*"|“[^”]*”|‘(?:[^’]|’(?=\p{L}))*’|(?<![\p{L}])'(?:[^']|'(?=\p{L}))*'(?![\p{L}])/gu, ' ')
    .replace(/["“][^"”]*$/u, ' ');
}

/** Whether a text speaks in the first person outside its quotations (who is "I"?). */
export function speaksInFirstPerson(text: string): boolean {
  const outside = unquoted(text);
  return FIRST_PERSON.test(outside) || FIRST_PERSON_CASED.test(outside);
}

/** Words that credit speech or writing, as the article uses them: "Sondland testified", "said Stier". */
const SPEECH_VERBS =
  'said|says|told|tells|testified|testifies|wrote|writes|recalled|recalls|added|adds|explained|explains|sagte|sagt|schreibt|dijo|dice|escribe|a dit|dit|écrit';
const NAME = String.raw`\p{Lu}[\p{L}\p{M}'’.-]*(?: \p{Lu}[\p{L}\p{M}'’.-]*){0,3}`;
const SPEAKER_AFTER = new RegExp(`(${NAME}),?(?: [\\p{Ll}][^,.;:]{0,40},)? (${SPEECH_VERBS})(?![\\p{L}])`, 'gu');
/** Pronouns and articles, capitalised at a sentence's start: no speaker's name. */
const PRONOUN = /^(?:I|We|You|He|She|They|It|This|That|The|A|An|Er|Sie|Wir|Ich|Es|Él|Ella|Il|Elle)$/u;
const SPEAKER_BEFORE = new RegExp(`(?<![\\p{L}])(${SPEECH_VERBS}) (${NAME})`, 'u');

/** Who speaks in a passage, as the article credits them: the name and the verb it uses, or null. */
export function speakerIn(passage: string): { name: string; verb: string } | null {
  for (const after of passage.matchAll(SPEAKER_AFTER)) {
    if (after[1] && after[2] && !PRONOUN.test(after[1])) return { name: after[1], verb: after[2] };
  }
  const before = SPEAKER_BEFORE.exec(passage);
  if (before?.[1] && before[2]) return { name: before[2], verb: before[1] };
  return null;
}

/**
 * A first-person sentence credited to whoever says it, from the article's own words: the quoted
 * speaker the passage around it names ('Sondland testified: “I then heard…”'), else the author of
 * a piece written in the first person ('Louise Matsakis writes: “I changed…”'); null when nobody
 * can be named or the sentence already holds a quotation (quotes inside quotes misread).
 */
export function creditFirstPerson(
  sentence: string,
  context: { around: string; author: string | null; authorVoice: boolean; inQuote: boolean },
): string | null {
  if (/["“”]/u.test(sentence)) return null;
  const said = sentence.replace(/[\s,;:]+$/u, '');
  const closed = /[.!?…]$/u.test(said) ? said : `${said}.`;
  // The sentence names its speaker itself: "Morrison told the committee, I feared…", "…, Heyward said."
  const opening = ATTRIBUTION_FIRST.exec(closed);
  if (opening?.[1] && opening[2] && speaksInFirstPerson(opening[2]) && !speaksInFirstPerson(opening[1])) {
    return `${opening[1]}: “${opening[2]}”`;
  }
  const closing = ATTRIBUTION_LAST.exec(closed);
  if (closing?.[1] && closing[2]) return `“${closing[1]},” ${closing[2]}`;
  const speaker = speakerIn(context.around);
  if (speaker && (context.inQuote || !context.authorVoice)) {
    return `${speaker.name} ${SAID[speaker.verb] ?? speaker.verb}: “${closed}”`;
  }
  if (!context.inQuote && context.authorVoice && context.author) return `${context.author} writes: “${closed}”`;
  return null;
}

/** A verb that wants an object ("told the committee") as it reads before a quotation. */
const SAID: Record<string, string> = { told: 'said', tells: 'says' };
const ATTRIBUTION_FIRST = new RegExp(
  `^(${NAME}(?: [\\p{Ll}][^,]{0,30})? (?:${SPEECH_VERBS})(?: [^,]{0,60})?), (.+)$`,
  'u',
);
const ATTRIBUTION_LAST = new RegExp(
  `^(.+), ((?:${NAME} (?:${SPEECH_VERBS})|(?:${SPEECH_VERBS}) ${NAME})[^,]{0,60}[.!?])$`,
  'u',
);
