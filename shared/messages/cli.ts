/** The command line's texts for its online commands (login, thread --publish/--at, threads). */
export const cliMessages = {
  keyRefused: 'Your key was refused: run threadsnip login',
  notLoggedIn: 'No API key: run threadsnip login (or set THREADSNIP_API_KEY).',
  keyPrompt: 'API key (tsk_live_...): ',
  noKeyGiven: 'No key given: paste a key made in Account Settings > API keys.',
  keyOnCommandLine:
    'Never give the key as an argument (it would stay in your shell history): threadsnip login reads it from the terminal or, with --key-stdin, from standard input.',
  loggedIn: (url: string, file: string) => `Logged in to ${url}. Key stored in ${file}.`,
  loggedOut: (file: string) => `Logged out: removed ${file}.`,
  notLoggedInNothingToRemove: 'Not logged in: nothing to remove.',
  unreachable: (url: string, reason: string) => `Cannot reach the API at ${url}${reason ? ` (${reason})` : ''}.`,
  unexpectedAnswer: (path: string) => `The API answered ${path} with something this version does not understand.`,
  httpStatus: (status: number) => `The API answered HTTP ${status}.`,
  jobProgress: (status: string) => `Thread from URL: ${status}...`,
  jobFailed: (error: string | null) => `The thread could not be made: ${error ?? 'unknown error'}`,
  jobTimedOut: (jobId: string) => `The thread is still being made (job ${jobId}): try threadsnip threads list later.`,
  publishProgress: (done: number, total: number) => `Publishing: ${done}/${total} platforms done...`,
  publishTimedOut: 'Publishing is still under way: see the thread in the app for its post URLs.',
  atInvalid: (value: string) =>
    `"${value}" is not a date and time: use YYYY-MM-DDTHH:MM (your local time) or add an offset (2026-12-01T09:00+01:00).`,
  atNotLocal: (value: string) => `${value} does not exist in your time zone (a clock change): pick another time.`,
  atInPast: (value: string) => `${value} is in the past: pick a time to come.`,
  publishAndQueue: 'Give one of --at and --queue.',
  unknownPlatform: (name: string, known: string) => `Unknown platform "${name}". Platforms: ${known}`,
  scheduleNeedsPlatforms: '--at and --queue need --publish <platforms> (where to post).',
} as const;
