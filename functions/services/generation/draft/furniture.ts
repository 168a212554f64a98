/**
 * Site furniture that extraction left in the article's text: copyright and reprint lines, newsletter
 * and contact prompts, questions put to the reader, photo credits, "contributed to this report",
 * correction notices and teasers for other stories. Decided from the words (in any language the
 * pages come in) and from where the line sits: a weak sign (a question to the reader, a newsletter)
 * counts only in a short standalone line or in the article's closing lines, where pages put them.
 */

/** Any of the phrases as whole words, in any script: JavaScript’s \b knows only ASCII letters. */
function phrases(list: string, flags = 'iu'): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${list})(?![\\p{L}\\p{N}])`, flags);
}

/** Lines that are furniture wherever they stand, in the languages news pages come in. */
const ALWAYS = [
  // Copyright and reprint lines.
  /[©ⓒ]|\(c\)\s*\d{4}|\bcopyright\b\s*(?:\d{4}|by\b|[©ⓒ])|^copyright\b/iu,
  phrases(
    'all rights reserved|alle rechte vorbehalten|todos los derechos reservados|tous droits réservés|tutti i diritti riservati|todos os direitos reservados|alle rechten voorbehouden|wszelkie prawa zastrzeżone',
  ),
  /무단\s*전재|재배포\s*금지|저작권자|転載禁止|無断転載|禁止转载|版权所有|版權所有|未经授权/u,
  /\b(?:may not be (?:published|reproduced|broadcast|rewritten|redistributed)|without (?:prior )?written permission)\b/iu,
  // Credits for the report and its pictures.
  /\b(?:contributed (?:to )?(?:this|the) (?:report|story|article)|contributed reporting|additional reporting by|reporting by\b.{0,60}\bediting by)\b/iu,
  /^\(?(?:photo|photograph|image|picture|video|illustration|foto|bild|imagen|fotografía|sourced?|quelle|fuente)s?\s*(?:credit)?\s*[:=|/]/iu,
  /^(?:사진|자료|그래픽|영상)\s*[=:]|^(?:写真|画像|图片|图)\s*[=:：]/u,
  /\((?:photo|image|foto|bild)s?[:/][^)]*\)\s*$|\b(?:getty images|shutterstock|associated press photo|ap photo|afp photo|reuters\/|dpa\/)\b/iu,
  // Corrections and editor's notes.
  /^(?:correction|clarification|editor['’]s note|update|berichtigung|korrektur|corrección|rectificatif|nota del editor|anmerkung der redaktion)\s*[:—–-]/iu,
  /\b(?:an earlier version of this (?:article|story|report)|this (?:article|story) (?:has been|was) (?:updated|corrected|amended))\b/iu,
  // A reporter's sign-off with an address: "홍길동 기자 hong@example.co.kr".
  /^[^.!?]{0,40}\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\s*$/u,
  /기자\s*[=:]?\s*[\w.+-]+@|특파원\s*[\w.+-]+@/u,
  // Teasers for other stories.
  /^(?:read more|read also|related|see also|also read|more on this|lesen sie (?:auch|mehr)|mehr zum thema|lee también|lea también|te puede interesar|à lire aussi|lire aussi|leggi anche)(?![\p{L}\p{N}])/iu,
  /^\s*[[【<(]?\s*(?:관련\s*기사|関連記事|相关阅读|延伸阅读)/u,
];

/** Signs of furniture that prose also uses: they count only where pages put furniture. */
const WHERE_PLACED = [
  // Newsletters, apps, following, contacting the newsroom.
  phrases(
    'newsletters?|subscribe|sign up|sign-up|follow us|download (?:our|the) app|abonnieren|newsletter abonnieren|suscr[ií]bete|inscrivez-vous|abbonati',
  ),
  /구독|購読|订阅|제보/u,
  phrases(
    'contact us|get in touch|send (?:us )?(?:a )?tips?|have a (?:news )?tip|email us|write to us|let us know|tell us|kontaktieren sie uns|schreiben sie uns|escríbenos|contáctanos|écrivez-nous',
  ),
  /\b(?:can|may) be reached at\b|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b/iu,
];

/** A question put to the reader: "Is there something you think we should know about Instagram?" */
const TO_THE_READER = new RegExp(
  `(?:${phrases('you|your|du|dir|dein|sie|ihr|usted|ustedes|tú|vous|votre|voi|você').source}|여러분|あなた|您|你)[^.!]*[?？]\\s*["”]?$`,
  'iu',
);

/** Where a paragraph sits, as furniture detection reads it. */
export interface LinePlace {
  /** The paragraph has at most two short sentences, standing apart from the prose around it. */
  standalone: boolean;
  /** Among the article's closing paragraphs. */
  closing: boolean;
}

/** Whether a sentence is furniture by its words alone, wherever it stands (the benchmark's test too). */
export function isFurnitureText(sentence: string): boolean {
  const text = sentence.trim();
  return text.length < 400 && ALWAYS.some((pattern) => pattern.test(text));
}

/** Whether a sentence, where it sits, is site furniture rather than the article's prose. */
export function isFurniture(sentence: string, place: LinePlace): boolean {
  if (isFurnitureText(sentence)) return true;
  // What someone says in the story ("“Let us know what you need,” the mayor said") is the story's.
  const text = sentence.trim().replace(/"[^"]*"|“[^”]*”|«[^»]*»|„[^“”]*[“”]/gu, ' ');
  if (!(place.standalone || place.closing) || text.length > 300) return false;
  return WHERE_PLACED.some((pattern) => pattern.test(text)) || (place.closing && TO_THE_READER.test(text));
}

/** A paragraph of at most this many words counts as a short standalone line. */
const SHORT_PARAGRAPH = 40;
/** The closing paragraphs: this many from the end of the article. */
const CLOSING_PARAGRAPHS = 3;

/**
 * The paragraphs of a text (separated by line breaks) with where each sits, so a sentence's place
 * is read from the paragraph holding it: `paragraphAt(offset)`.
 */
export function linePlaces(text: string): (offset: number) => LinePlace {
  const starts: number[] = [];
  const places: LinePlace[] = [];
  const paragraphs = [...text.matchAll(/[^\n]+/gu)];
  paragraphs.forEach((match, k) => {
    const words = match[0].split(/\s+/u).filter(Boolean).length;
    const sentences = (match[0].match(/[.!?。！？](?:\s|$)/gu) ?? []).length;
    starts.push(match.index ?? 0);
    places.push({
      standalone: words <= SHORT_PARAGRAPH && sentences <= 2,
      closing: k >= paragraphs.length - CLOSING_PARAGRAPHS,
    });
  });
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if ((starts[middle] ?? 0) <= offset) low = middle;
      else high = middle - 1;
    }
    return places[low] ?? { standalone: false, closing: false };
  };
}
