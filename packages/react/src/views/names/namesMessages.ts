import { useMessagesWith } from '../../useMessages.ts'

/** The name views' texts: loaded with them, not with the first load (README "Names"). */
export const namesEn = {
  nameLabel: 'Your name',
  namePlaceholder: 'yourname',
  nameRuleCharacters: 'Use letters, digits or hyphens only',
  nameRuleShort: 'At least 4 characters',
  nameRuleLong: 'At most 63 characters',
  nameChecking: 'Checking…',
  nameAvailable: '{name} is available',
  nameTaken: '{name} is taken',
  nameSuggestions: 'Available',
  registerName: 'Register',
  registeringName: 'Registering…',
  nameOwned: 'This account is {name}.',
  nameRegistered:
    'Your account is now {name}. Apps that read this name service show it in place of your address.',
  nameDone: 'Done',
}

export type NamesMessages = typeof namesEn

/** The English table with the name texts and the app's own in place; only the name views use it. */
export function useNamesMessages() {
  return useMessagesWith(namesEn)
}
