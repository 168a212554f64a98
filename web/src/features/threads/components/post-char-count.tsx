import { charactersOver, POST_CHAR_LIMIT, postLength } from '#shared/post-length';

/** A post's weighted length out of 280 (links count 23), with how far over the limit it is. */
export function PostCharCount({ content, className }: { content: string; className?: string }) {
  const length = postLength(content);
  const over = charactersOver(content);
  const classes = ['char-count', over > 0 ? 'char-count--over' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <span className={classes} data-testid="char-count">
      {length}/{POST_CHAR_LIMIT}
      {over > 0 ? <span className="char-count__over"> · {over} over limit</span> : null}
    </span>
  );
}
