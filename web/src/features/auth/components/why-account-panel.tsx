const BENEFITS = [
  { title: 'Secure social connections', text: 'Connect your social platforms safely and publish in one click.' },
  { title: 'Save your threads', text: 'Keep every thread you generate and come back to edit it.' },
  { title: 'Track your credits', text: 'See your free and purchased credits at a glance.' },
  { title: 'Personalized experience', text: 'Your tones, platforms and history, ready when you return.' },
] as const;

/** The sign-up mode's 'Why create an account?' panel with its four benefits. */
export function WhyAccountPanel() {
  return (
    <aside className="card why-account" aria-labelledby="why-account-title">
      <h2 id="why-account-title">Why create an account?</h2>
      <ul className="why-account__list">
        {BENEFITS.map((benefit) => (
          <li key={benefit.title}>
            <strong>{benefit.title}</strong>
            <span>{benefit.text}</span>
          </li>
        ))}
      </ul>
    </aside>
  );
}
