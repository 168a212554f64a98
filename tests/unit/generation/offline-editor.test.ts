import { describe, expect, it } from 'vitest';
import { isFurniture, isFurnitureText } from '#functions/services/generation/draft/furniture';
import { generateThread } from '#functions/services/generation/draft/generate-thread';
import {
  articlePeople,
  creditFirstPerson,
  introducePeople,
  speaksInFirstPerson,
} from '#functions/services/generation/draft/people';
import { RECAP_LABELS, withoutPostLabel } from '#functions/services/generation/draft/tone-writer';
import { statesClaim } from '#functions/services/generation/draft/whole-sentences';
import type { Post } from '#shared/schemas/thread';
import { TONES } from '#shared/tones';
import { expectValidThread } from './thread-invariants';

/** What a good editor of threads would catch, rule by rule, on short articles written for each. */

const APP_HOST = 'threadsnip.app';
const bodyOf = (posts: Post[]) => posts.slice(1, -1).map((p) => p.content.replace(/^\d{1,2}\/\s+/, ''));
const hookOf = (posts: Post[]) => (posts[0]?.content ?? '').replace(/\s*#\S+/g, '').trim();

/** Story paragraphs in four languages, each followed by the site's furniture. */
const STORIES = {
  en: {
    title: 'Town council approves a new bridge over the river',
    story: [
      'The town council approved a new bridge over the river on Monday after a debate that lasted four hours.',
      'The old bridge was closed in March when engineers found cracks in two of its supporting piers.',
      'Since then, drivers have taken a detour of twelve kilometres through the neighbouring village.',
      'The new bridge will cost 18 million euros and carry two lanes of traffic and a cycle path.',
      'Construction is due to start in the autumn and to finish before the end of next year.',
      'Shop owners in the centre said the closure had cut their sales by a third over the summer.',
      'The council will ask the regional government to pay for half of the construction costs.',
    ],
    furniture: [
      'Is there something you think we should know about the new bridge over the river and its construction costs?',
      'Sign up for our weekly newsletter on the council, the bridge, the river and the construction of the new bridge.',
      'Photo: the old bridge over the river, closed by the town council in March (Riverside Gazette)',
    ],
  },
  de: {
    title: 'Stadtrat beschließt neue Brücke über den Fluss',
    story: [
      'Der Stadtrat hat am Montag nach vier Stunden Debatte eine neue Brücke über den Fluss beschlossen.',
      'Die alte Brücke war im März gesperrt worden, weil Ingenieure Risse in zwei Pfeilern gefunden hatten.',
      'Seitdem fahren Autofahrer einen Umweg von zwölf Kilometern durch das Nachbardorf.',
      'Die neue Brücke soll 18 Millionen Euro kosten und zwei Fahrspuren sowie einen Radweg tragen.',
      'Der Bau soll im Herbst beginnen und vor Ende des nächsten Jahres abgeschlossen sein.',
      'Ladenbesitzer im Zentrum sagten, die Sperrung habe ihren Umsatz im Sommer um ein Drittel gesenkt.',
      'Die Stadt will die Landesregierung bitten, die Hälfte der Baukosten zu übernehmen.',
    ],
    furniture: [
      'Lesen Sie auch: Der Stadtrat und die neue Brücke über den Fluss kosten 18 Millionen Euro',
      'Alle Rechte vorbehalten: Flussbote, der Bericht über die neue Brücke und den Fluss.',
    ],
  },
  es: {
    title: 'El ayuntamiento aprueba un nuevo puente sobre el río',
    story: [
      'El ayuntamiento aprobó el lunes un nuevo puente sobre el río tras un debate de cuatro horas.',
      'El puente antiguo se cerró en marzo cuando los ingenieros encontraron grietas en dos de sus pilares.',
      'Desde entonces, los conductores dan un rodeo de doce kilómetros por el pueblo vecino.',
      'El nuevo puente costará 18 millones de euros y tendrá dos carriles y un carril bici.',
      'Las obras comenzarán en otoño y terminarán antes de finales del año próximo.',
      'Los comerciantes del centro dijeron que el cierre redujo sus ventas un tercio durante el verano.',
      'El ayuntamiento pedirá al gobierno regional que pague la mitad de las obras.',
    ],
    furniture: [
      'Lee también: el ayuntamiento y el nuevo puente sobre el río costarán 18 millones de euros',
      'Todos los derechos reservados: el puente, el río y el ayuntamiento en nuestras noticias del lunes.',
    ],
  },
  ko: {
    title: '시의회, 강 위 새 다리 건설 승인',
    story: [
      '시의회는 월요일 네 시간의 토론 끝에 강 위에 새 다리를 건설하는 안을 승인했다.',
      '기존 다리는 지난 3월 기술자들이 교각 두 곳에서 균열을 발견하면서 폐쇄됐다.',
      '그 이후 운전자들은 이웃 마을을 거쳐 12킬로미터를 돌아가야 했다.',
      '새 다리는 180억 원이 들며 차로 두 개와 자전거 도로를 갖추게 된다.',
      '공사는 가을에 시작해 내년 말 이전에 끝날 예정이다.',
      '도심 상인들은 다리 폐쇄로 여름 동안 매출이 3분의 1 줄었다고 말했다.',
      '시는 공사비의 절반을 지방정부가 부담해 달라고 요청할 계획이다.',
    ],
    furniture: [
      '[관련기사] 시의회 강 위 새 다리 건설 승인과 공사비 180억 원',
      '홍길동 기자 hong@example.co.kr',
      '시의회 새 다리 기사 무단전재 및 재배포금지',
    ],
  },
};
type Language = keyof typeof STORIES;

function storyArticle(language: Language) {
  const { title, story, furniture } = STORIES[language];
  return { url: `https://news.example/${language}/bridge`, title, content: [...story, ...furniture].join('\n\n') };
}

describe('site furniture', () => {
  it('is never posted, in English, German, Spanish or Korean', async () => {
    for (const language of Object.keys(STORIES) as Language[]) {
      const article = storyArticle(language);
      for (const tone of TONES) {
        const { posts } = await generateThread({ article, tone, appHost: APP_HOST });

        expectValidThread(posts, article, APP_HOST);
        for (const post of posts.slice(0, -1)) {
          for (const line of STORIES[language].furniture) {
            expect(post.content, `${language} ${tone}`).not.toContain(line.slice(0, 12));
          }
        }
      }
    }
  });

  it('is told by its words wherever it stands, and by a weaker sign only where pages put furniture', () => {
    expect(isFurnitureText('Copyright ⓒ Entermedia.')).toBe(true);
    expect(isFurnitureText('転載禁止')).toBe(true);
    expect(isFurnitureText('Jane Doe contributed to this report.')).toBe(true);
    expect(isFurnitureText('Photo: Getty Images')).toBe(true);
    expect(isFurnitureText('An earlier version of this article misstated the date of the vote.')).toBe(true);
    expect(isFurnitureText('The council approved the bridge on Monday.')).toBe(false);
    const question = 'Is there something you think we should know about Instagram?';
    // The same reader question: furniture as the article's closing line, a rhetorical question mid-story.
    expect(isFurniture(question, { standalone: false, closing: true })).toBe(true);
    expect(isFurniture(question, { standalone: false, closing: false })).toBe(false);
    // A newsletter named in the prose is news; a line of its own asking readers to subscribe is not.
    const newsletter = 'Subscribe to our newsletter for the week’s best stories.';
    expect(isFurniture(newsletter, { standalone: true, closing: false })).toBe(true);
    expect(isFurniture(newsletter, { standalone: false, closing: false })).toBe(false);
    // Someone in the story asking for something is the story, wherever it stands.
    expect(
      isFurniture('“Let us know what you need,” the mayor told residents.', { standalone: true, closing: true }),
    ).toBe(false);
  });
});

describe('article order', () => {
  it('tells the body in the article’s order in every tone but persuasive, in four languages', async () => {
    for (const language of Object.keys(STORIES) as Language[]) {
      const article = storyArticle(language);
      for (const tone of TONES.filter((t) => t !== 'persuasive')) {
        const { posts } = await generateThread({ article, tone, appHost: APP_HOST });
        const told = posts.slice(1, posts.length >= 6 ? -2 : -1).filter((p) => p.source);
        const places = told.map((p) => article.content.indexOf(p.source ?? '\u0000'));

        expect(places.every((at) => at >= 0)).toBe(true);
        expect(places, `${language} ${tone}`).toEqual([...places].sort((a, b) => a - b));
      }
    }
  });

  it('lets persuasion move only its strongest evidence ahead, never a consequence before its cause', async () => {
    const article = {
      url: 'https://news.example/rents',
      title: 'Rents rise fastest in a decade as new building stalls',
      content: [
        'Rents in the city rose faster last year than at any time in the past decade, the housing office said on Tuesday.',
        'Builders completed only 2,100 new homes, the fewest since the office began keeping records in 1998.',
        'Planning permits took an average of fourteen months to approve, twice as long as five years ago.',
        'As a result, the average rent for a two-room flat rose by 9 percent to 1,240 euros a month.',
        'A survey of 3,000 tenants found that 41 percent now spend more than a third of their income on rent.',
        'The mayor has promised to halve the time it takes to approve a planning permit by next summer.',
      ].join('\n\n'),
    };

    const { posts } = await generateThread({ article, tone: 'persuasive', appHost: APP_HOST });
    const body = bodyOf(posts);

    // A figure from the records or the survey leads; the rent rise that follows from the stalled building does not.
    expect(body[0]).toMatch(/^The evidence: (?:Builders completed only 2,100|A survey of 3,000)/);
    const rest = posts.slice(2, -2).filter((p) => p.source);
    const places = rest.map((p) => article.content.indexOf(p.source ?? '\u0000'));
    expect(places).toEqual([...places].sort((a, b) => a - b));
  });
});

const LAB_STORY = {
  url: 'https://science.example/taste-cells',
  title: 'Cells that taste danger set off immune responses in the gut',
  byline: 'By Jordana Cepelewicz',
  siteName: 'Science Weekly',
  content: [
    'Cells lining the gut that were thought to sense only nutrients can taste parasites and set off an immune response, researchers reported this week.',
    'Michael Howitt, an immunologist at Stanford, first noticed the cells while studying mice infected with a common intestinal worm.',
    'The cells multiplied within days of the infection and released a signal that called immune cells to the gut.',
    'Because some studies had hinted that the same cells carry taste receptors, Howitt wondered whether they could detect the worms directly.',
    'His team bred mice lacking one of the receptors and found that the immune response never started in them.',
    'Wendy Garrett, a microbiologist at Harvard who was not involved in the work, called the result surprising.',
    '“Nobody expected a taste receptor to sit at the start of an immune response,” Garrett said.',
    'Howitt now plans to look for the same cells in human tissue samples from hospital patients.',
  ].join('\n\n'),
};

describe('people introduced', () => {
  it('reads who the article introduces, with the role from the first mention', () => {
    const people = articlePeople(LAB_STORY.content);

    expect(people).toContainEqual({ full: 'Michael Howitt', short: 'Howitt', role: 'an immunologist at Stanford' });
    expect(people.find((p) => p.short === 'Garrett')?.role).toBe(
      'a microbiologist at Harvard who was not involved in the work',
    );
  });

  it('gives the full name and role at the first mention, the surname after', () => {
    const people = articlePeople(LAB_STORY.content);
    const posts = introducePeople(
      [
        { content: 'Howitt wondered whether the cells could detect the worms directly.' },
        { content: 'Howitt now plans to look for the same cells in human tissue.' },
      ],
      people,
      () => true,
    );

    expect(posts.map((p) => p.content)).toEqual([
      'Michael Howitt, an immunologist at Stanford, wondered whether the cells could detect the worms directly.',
      'Howitt now plans to look for the same cells in human tissue.',
    ]);
  });

  it('names nobody by surname before the thread introduced them, in every tone', async () => {
    const people = articlePeople(LAB_STORY.content);
    for (const tone of TONES) {
      const { posts } = await generateThread({ article: LAB_STORY, tone, appHost: APP_HOST });
      const told = [hookOf(posts), ...bodyOf(posts)];

      expectValidThread(posts, LAB_STORY, APP_HOST);
      for (const person of people) {
        const first = told.findIndex((p) => new RegExp(`\\b${person.short}\\b`).test(p.replace(/“[^”]*”/g, '')));
        if (first === -1) continue;
        expect(told[first], `${tone}: ${person.full}`).toContain(person.full);
      }
    }
  });
});

describe('whose "I"', () => {
  it('credits a quoted witness or a first-person author, and leaves out an "I" nobody can be named for', () => {
    const none = { around: '', author: null, authorVoice: false, inQuote: false };

    expect(
      creditFirstPerson('I then heard President Trump ask about the investigations.', {
        ...none,
        around: 'Ambassador Gordon Sondland testified:',
        inQuote: true,
      }),
    ).toBe('Ambassador Gordon Sondland testified: “I then heard President Trump ask about the investigations.”');
    expect(
      creditFirstPerson('I changed my personal Instagram profile several weeks ago.', {
        ...none,
        author: 'Louise Matsakis',
        authorVoice: true,
      }),
    ).toBe('Louise Matsakis writes: “I changed my personal Instagram profile several weeks ago.”');
    expect(creditFirstPerson('I asked the minister about the budget.', none)).toBeNull();
    expect(speaksInFirstPerson('“I was there,” she said.')).toBe(false);
    expect(speaksInFirstPerson('The US embassy said it would reopen.')).toBe(false);
    expect(speaksInFirstPerson('We spent the night at the station.')).toBe(true);
  });

  it('never lets the thread say "I" for a witness in a block quotation', async () => {
    const article = {
      url: 'https://news.example/hearing',
      title: 'Ambassador tells the hearing the president asked about investigations',
      content: [
        'The ambassador to the European Union told a congressional hearing on Wednesday that the president had asked about investigations during a phone call in July.',
        'Gordon Sondland, a hotel owner who became ambassador in 2018, described the call in his opening statement to the committee.',
        'In his statement, Sondland testified:',
        'I then heard the president ask about the investigations. I told him the Ukrainian leader would do anything he asked.',
        'Committee members questioned the ambassador for more than six hours about the call and about his meetings in Kyiv.',
        'The White House said the testimony showed that nothing improper had been discussed during the call.',
        'The committee will hear from two more witnesses on Thursday before it decides whether to publish a report.',
      ].join('\n\n'),
    };
    for (const tone of TONES) {
      const { posts } = await generateThread({ article, tone, appHost: APP_HOST });

      expectValidThread(posts, article, APP_HOST);
      for (const post of posts.slice(0, -1)) expect(speaksInFirstPerson(post.content), post.content).toBe(false);
    }
  });
});

describe('whole sentences and a hook that states something', () => {
  it('never ends a body post with an ellipsis: a sentence that cannot be split is left out', async () => {
    const long = `The plan covers ${Array.from({ length: 40 }, (_, i) => `district ${i + 1}`).join(', ')} and the harbour.`;
    const article = { ...storyArticle('en'), content: `${STORIES.en.story.join('\n\n')}\n\n${long}` };
    for (const tone of TONES) {
      const { posts } = await generateThread({ article, tone, appHost: APP_HOST });

      for (const post of bodyOf(posts)) expect(post, tone).not.toMatch(/(?:…|\.\.\.)["”]?$/u);
      expect(posts.some((p) => p.content.includes('district 40'))).toBe(false);
    }
  });

  it('reads a noun phrase or a clause left without its verb as no statement', () => {
    expect(
      statesClaim('The merger of the big newspaper chains Gannett and GateHouse Media, which became final Tuesday.'),
    ).toBe(false);
    expect(statesClaim("Maitlis repeatedly demanded how Andrew, Queen Elizabeth II's third child.")).toBe(false);
    expect(statesClaim('The merger of Gannett and GateHouse Media became final on Tuesday.')).toBe(true);
  });

  it('opens on a statement, never a noun phrase, and says the headline at most once', async () => {
    const article = {
      url: 'https://news.example/merger',
      title: 'Gannett and GateHouse complete their merger',
      content: [
        'Gannett and GateHouse complete their merger.',
        'The merger of the big newspaper chains Gannett and GateHouse Media, which became final Tuesday.',
        'The combined company owns more than 260 daily newspapers across the United States.',
        'Its executives have promised 300 million dollars in yearly savings within two years.',
        'Union leaders said the savings would mean more newsroom cuts at papers that have already lost half their staff.',
        'The company will keep the Gannett name and its headquarters in Virginia.',
      ].join('\n\n'),
    };
    const headline = 'gannett and gatehouse complete their merger';
    for (const tone of TONES) {
      const { posts } = await generateThread({ article, tone, appHost: APP_HOST });
      const hook = hookOf(posts);
      const words = ` ${hook.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;

      expect(words.split(` ${headline} `).length, hook).toBeLessThanOrEqual(2);
      expect(hook, tone).not.toContain('which became final Tuesday');
    }
  });
});

describe('the recap adds', () => {
  it('never says an earlier post again, and the thread ends without one when nothing else is left', async () => {
    const article = {
      url: 'https://news.example/revenue',
      title: 'Newspaper revenue has not grown in a single year since 2008',
      content: [
        'Since 2008, there has not been a single year of revenue gain for the newspaper industry, the study found.',
        'Advertising revenue fell from 37 billion dollars in 2008 to 14 billion dollars last year.',
        'Circulation revenue held steadier, helped by higher prices for print and digital subscriptions.',
        'About 2,100 local papers have closed since 2004, leaving many counties with no local newspaper at all.',
        'The study counted 6,700 newspapers still publishing at the end of last year.',
        'Since 2008 there has not been a single year of revenue gain for newspapers, the authors repeat in their conclusion.',
        'The authors expect more closures among weekly papers in rural areas over the next five years.',
      ].join('\n\n'),
    };
    for (const tone of TONES) {
      const { posts } = await generateThread({ article, tone, appHost: APP_HOST });
      const body = bodyOf(posts);
      if (!body.at(-1)?.startsWith(RECAP_LABELS[tone])) continue;
      const recap = withoutPostLabel(body.at(-1) ?? '');
      const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}{3,}/gu) ?? []);
      for (const earlier of [hookOf(posts), ...body.slice(0, -1).map(withoutPostLabel)]) {
        const said = words(earlier);
        const shared = [...words(recap)].filter((w) => said.has(w)).length / Math.max(1, words(recap).size);
        expect(shared, `${tone}: ${recap} / ${earlier}`).toBeLessThan(0.6);
      }
    }
  });
});
