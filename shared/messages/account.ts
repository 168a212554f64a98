import type { ToastText } from './toast-text';

// Account Settings texts: deletion (the spec's words) and the curator's public display name.

/** Account deletion texts. */
export const accountMessages = {
  accountDeleted: { title: 'Account Deleted' },
  deleteFailed: { title: 'Error', description: 'Failed to delete account. Please try again or contact support.' },
  typeEmailToConfirm: 'Type your email address to confirm',
} as const satisfies Record<string, ToastText | string>;

/** The curator's display name: the only name a public page gives them, chosen in Account Settings or when a thread is first made public; never taken from the email. */
export const displayNameMessages = {
  heading: 'Public Profile',
  label: 'Display name',
  hint: 'The name your public threads show as their curator. Your email is never shown.',
  notSet: 'Not set: your public threads show no curator name.',
  save: 'Save',
  saving: 'Saving…',
  saved: { title: 'Display name saved' },
  saveFailed: { title: 'Could not save your display name' },
  dialogTitle: 'Choose a display name',
  dialogText:
    'Public pages name you by this display name, never by your email. You can change it later in Account Settings.',
  dialogConfirm: 'Make Public',
  cancel: 'Cancel',
  tooShort: 'A display name needs at least 2 characters.',
  tooLong: 'A display name can be at most 50 characters.',
  controlCharacters: 'A display name cannot contain control or invisible characters.',
  noAddresses: 'A display name cannot contain a web address or an email address.',
};
