// The shape of a toast's text, shared by every area's messages.

// them (tests/fixtures/spec.md; the test checks each). Where the spec
// gives a failure text without a title, the toast uses 'Error', as the spec's own pairs do.

/** A toast's text: a title and, for most, a description. */
export interface ToastText {
  title: string;
  description?: string;
}
