/**
 * Function words per language (articles, pronouns, prepositions, conjunctions, auxiliaries and the
 * commonest adverbs): never a theme or a hashtag, and no weight in a sentence's meaning. English
 * comes from wink-nlp's model; these serve the languages it does not read.
 */
const STOP_WORDS: Record<string, string> = {
  es: 'a al algo algunos ante antes aquí así aunque bien cada como con contra cual cuando de del desde donde dos durante e el ella ellas ellos en entre era eran es esa esas ese eso esos esta estaba están estar este esto estos fue fueron ha hace hacia han hasta hay la las le les lo los más me mi muy nada ni no nos nosotros o otra otras otro otros para pero poco por porque pues que quien se sea ser si sí sido sin sobre solo son su sus también tan tanto te tiene tienen todo todos tras tu tú un una uno unos y ya yo',
  pt: 'a à ao aos as às até com como da das de dela dele deles depois do dos e é ela elas ele eles em entre era eram essa essas esse esses esta está estão este estes eu foi foram há isso isto já la lhe mais mas me mesmo meu minha muito na nas não nem no nos nós num numa o os ou para pela pelas pelo pelos por porque qual quando que quem se sem ser seu seus sua suas são só também te tem têm tu um uma umas uns você',
  fr: 'a à afin ai alors au aussi autre aux avec avait avant avoir c ça car ce cela celle celui ces cet cette chez comme d dans de des deux donc dont du elle elles en encore entre est et été être eu fait il ils j je l la le les leur leurs lui m ma mais me même mes moi mon n ne ni nos notre nous on ont ou où par pas pendant peu plus pour qu que qui s sa sans se selon ses si son sont sous sur ta te tes toi ton tous tout toute toutes très tu un une vers vos votre vous y',
  de: 'aber alle allem allen aller als also am an auch auf aus bei beim bin bis bist da damit dann das dass dem den denn der des die dies diese diesem diesen dieser doch dort du durch ein eine einem einen einer eines er es etwa für gegen hat hatte hatten hier ich ihm ihn ihr ihre im in ist ja jetzt kann kein keine man mehr mit muss nach nicht noch nun nur ob oder ohne schon sehr sei sein seine sich sie sind so soll über um und uns unter vom von vor war waren was weil wenn wer werden wie wieder wir wird wurde wurden zu zum zur zwischen',
  it: 'a ad agli ai al alla alle allo anche ancora c che chi ci come con cosa così da dal dalla dalle dei del della delle dello di dopo e è ed era erano essere gli ha hanno ho i il in io la le lei lo loro lui ma mi molto ne negli nei nel nella nelle nello noi non nostro o ogni per perché più poi può quale quando quella quelle quello questa queste questo se sei si sia siamo sono su sua sue sui sul sulla suo suoi tra tutti tutto un una uno',
  nl: 'aan al alle als bij dan dat de deze die dit doen door dus een en er geen had heb hebben heeft hem het hier hij hoe hun ik in is je kan kon maar me meer met mij mijn na naar niet nog nu of om ons ook op over te tegen toen tot u uit van veel voor want waren was wat we wel werd wie wij wordt zal ze zei zich zij zijn zo zonder',
  ru: 'а без бы был была были было в вам вас весь во вот все всё всех вы где да для до его ее её если есть еще ещё же за и из или им их к как кто ли либо меня мне мы на над не него нее неё нет ни них но о об однако он она они оно от по под после при про с со так также там то того тоже только том ту тут у уже чем что чтобы эта эти это этот я',
  ja: 'の に は を た が で て と し れ さ ある いる も する から な こと として い や れる など なっ ない この ため その あっ よう また もの という あり まで られ なる へ か だ これ によって により おり より による ず なり られる において ば なかっ なく しかし について せ だっ その後 できる それ う ので なお のみ でき き つ における および いう さらに でも ら たり その他 に関する たち ます ん なら です',
  zh: '的 了 是 在 和 有 也 就 都 而 及 与 着 或 一个 没有 我们 你们 他们 她们 这 那 这个 那个 之 为 以 于 上 下 中 对 把 被 让 从 到 说 但 但是 如果 因为 所以 还 又 很 更 最 已经 将 会 能 可以 等',
  ko: '그리고 그러나 하지만 그런데 또는 및 등 이 그 저 것 수 때 더 또 안 못 잘 좀 위해 대한 통해 있다 없다 했다 한다 하는 있는',
};

const parsed = new Map<string, Set<string>>();

/** The function words of a language (none for a language without a list). */
export function stopWordsOf(language: string): ReadonlySet<string> {
  let words = parsed.get(language);
  if (!words) {
    words = new Set((STOP_WORDS[language] ?? '').split(' ').filter(Boolean));
    parsed.set(language, words);
  }
  return words;
}
