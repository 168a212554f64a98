import { useId } from 'react';
import { useCarousel } from '../hooks/use-carousel';
import { DEMO_DWELL_TIMES_MS, DEMO_SLIDES } from './demo-slides';

/**
 * The landing page's four-step demo: auto-advances on each step's dwell time; numbered buttons
 * jump between steps; any interaction pauses auto-play until the visitor has been idle for 10 s.
 */
export function DemoCarousel() {
  const { index, autoPlay, goTo, interact, stop, play } = useCarousel(DEMO_DWELL_TIMES_MS);
  const headingId = useId();
  const slideId = useId();
  const slide = DEMO_SLIDES[index] ?? DEMO_SLIDES[0]!;
  const stopped = autoPlay === 'stopped';

  return (
    <section
      className="demo"
      aria-roledescription="carousel"
      aria-labelledby={headingId}
      // Pointer, keyboard, focus, wheel and touch all count as interacting with the demo.
      onPointerDown={interact}
      onKeyDown={interact}
      onFocus={interact}
      onWheel={interact}
      onTouchStart={interact}
    >
      <div className="demo__header">
        <h2 id={headingId}>See how it works</h2>
        <button type="button" className="button demo__toggle" onClick={stopped ? play : stop}>
          {stopped ? 'Play demo' : 'Pause demo'}
        </button>
      </div>
      {/* Announce slide changes only when the visitor caused them, not on every auto-advance. */}
      <div id={slideId} className="demo__viewport" aria-live={autoPlay === 'playing' ? 'off' : 'polite'}>
        {/* biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern makes each slide a named group; a fieldset is for form controls. */}
        <div
          key={index}
          className="demo__slide"
          role="group"
          aria-roledescription="slide"
          aria-label={`${index + 1} of ${DEMO_SLIDES.length}: ${slide.title}`}
        >
          <div className="demo__text">
            <p className="demo__step">
              Step {index + 1} of {DEMO_SLIDES.length}
            </p>
            <h3>{slide.title}</h3>
            <p>{slide.caption}</p>
          </div>
          <slide.Mock />
        </div>
      </div>
      <div className="demo__progress" aria-hidden="true">
        {autoPlay === 'playing' ? (
          <span key={index} style={{ animationDuration: `${slide.dwellMs}ms` }} className="demo__progress-fill" />
        ) : null}
      </div>
      <fieldset className="demo__nav">
        <legend className="marketing-visually-hidden">Demo steps</legend>
        {DEMO_SLIDES.map((item, position) => (
          <button
            key={item.title}
            type="button"
            className="demo__dot"
            aria-label={`Step ${position + 1}: ${item.label}`}
            aria-current={position === index ? 'step' : undefined}
            aria-controls={slideId}
            onClick={() => goTo(position)}
          >
            {position + 1}
          </button>
        ))}
      </fieldset>
    </section>
  );
}
