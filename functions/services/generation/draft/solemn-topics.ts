/**
 * Topics no thread jokes about: illness, death and violence, victims, politics. Sensitive content is
 * already written only in the professional tone (the moderation rules); these topics are not all
 * sensitive (a policy story, a medical case), so the humorous tone keeps its voice for the facts
 * but drops its light opener on them.
 */
const SOLEMN_WORDS = new RegExp(
  `\\b(?:${[
    // illness and medicine
    'cancers?',
    'tumou?rs?',
    'diseases?',
    'illness(?:es)?',
    'patients?',
    'diagnos(?:is|ed|es)',
    'symptoms?',
    'infections?',
    'pandemic',
    'hospitali[sz]ed',
    'surgery',
    'chemotherapy',
    'dementia',
    'overdoses?',
    // death, violence and victims
    'deaths?',
    'died',
    'dead',
    'dying',
    'killed',
    'killings?',
    'murder(?:ed|s)?',
    'shootings?',
    'gunman',
    'victims?',
    'attacks?',
    'assault(?:ed)?',
    'abuse[ds]?',
    'wars?',
    'bombings?',
    'terror(?:ism|ist)?',
    'suicide',
    'funerals?',
    'injured',
    'wounded',
    'refugees?',
    // politics
    'elections?',
    'voters?',
    'president(?:ial)?',
    'ministers?',
    'senate',
    'senators?',
    'congress',
    'parliament(?:ary)?',
    'government',
    'lawmakers',
    'republicans?',
    'democrats?',
    'settlements?',
    'sanctions',
    'impeachment',
    'occupation',
  ].join('|')})\\b`,
  'gi',
);

/** How far into the article the topic is judged: the headline and the opening are what it is about. */
const OPENING_CHARS = 2_500;

/** Whether the article is about illness, death, violence, victims or politics. */
export function isSolemnTopic(title: string, content: string): boolean {
  if ((title.match(SOLEMN_WORDS) ?? []).length > 0) return true;
  return (content.slice(0, OPENING_CHARS).match(SOLEMN_WORDS) ?? []).length >= 3;
}
