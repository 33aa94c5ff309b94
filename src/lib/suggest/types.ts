// Shapes our suggestion endpoints answer with (normalised from the DaData-compatible provider).
// Pure types: islands import them too.

export interface PartySuggestion {
  /** What the list shows: the short name with its legal form. */
  value: string;
  /** Full name with its legal form, stored as the organisation's name. */
  name: string;
  inn: string;
  kpp: string | null;
  ogrn: string | null;
  address: string | null;
}

/** How exactly a point is known: exact house, nearest house, street, or only a settlement/city. */
export type GeoPrecision = 'exact' | 'near' | 'street' | 'other';

export interface AddressSuggestion {
  value: string;
  lat: number | null;
  lon: number | null;
  precision: GeoPrecision | null;
}

export interface SuggestAnswer<T> {
  /** False when no provider is configured: the form falls back to manual entry. */
  enabled: boolean;
  suggestions: T[];
}
