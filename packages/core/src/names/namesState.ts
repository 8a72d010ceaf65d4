// The names store's shape, apart from its controller (names.ts, loaded lazily).

/**
 * idle: nothing typed or the name breaks the rule; checking: suggestions asked; available /
 * taken: what the service said; registering: §4 the flow runs (loading on)
 */
export type NameStatus = 'idle' | 'checking' | 'available' | 'taken' | 'registering'

/** §5 Which part of the rule a typed name breaks */
export type NameProblem = 'characters' | 'short' | 'long'

export interface NamesState {
  /** The zone names end in (the service's; README "Names") */
  zone: string
  /** As typed, without the zone */
  input: string
  status: NameStatus
  problem?: NameProblem
  /** §8 The service's error, or the registration's */
  error?: string
  /** Free names (with the zone), when the one typed is taken or as alternatives */
  suggestions: string[]
  /** The name the connected account already holds, if any */
  owned?: string
  /** The name registered last: RegisterAccountNameSuccess shows it */
  registered?: string
}

export function initialNamesState(zone: string): NamesState {
  return { zone, input: '', status: 'idle', suggestions: [] }
}
