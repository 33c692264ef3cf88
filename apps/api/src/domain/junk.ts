/**
 * A company's junk removal setup (the config file's `junk` block, money in cents): what it hauls and for
 * how much, when its crews come, and the rules around booking. Loads are the active ones, in display order.
 */
export type JunkLoad = {
  /** The stable value requests send: min, 1/8, 1/4, 1/2, 3/4, full (or the company's own). */
  fraction: string;
  label: string;
  description: string;
  priceCents: number;
};

/** A 2-hour (or other) arrival window, offered on the listed ISO weekdays, with seats for `capacity` jobs. */
export type JunkWindow = { start: string; end: string; capacity: number; weekdays: number[] };

export type JunkSetup = {
  online: boolean;
  loads: JunkLoad[];
  windows: JunkWindow[];
  sameDay: { allowed: boolean; cutoff: string };
  /** Days ahead a booking for a later day needs (1 = tomorrow); today is the same-day rule's. */
  minNoticeDays: number;
  maxAdvanceDays: number;
  /** ISO weekdays, 1 = Monday .. 7 = Sunday. */
  nonWorkingWeekdays: number[];
  blackoutDates: { date: string; reason: string }[];
  photos: { enabled: boolean; maxCount: number };
  /** The junk service area's ZIPs, or null for the company's own. */
  serviceAreaZips: string[] | null;
  notAccepted: { label: string; note: string | null }[];
  extraFees: { label: string; amountCents: number; note: string | null }[];
  terms: string;
  cancellationPolicy: string;
};

/** A company that has not set junk removal up: offline, nothing to book. */
export const JUNK_OFF: JunkSetup = {
  online: false,
  loads: [],
  windows: [],
  sameDay: { allowed: false, cutoff: '12:00' },
  minNoticeDays: 1,
  maxAdvanceDays: 60,
  nonWorkingWeekdays: [],
  blackoutDates: [],
  photos: { enabled: false, maxCount: 0 },
  serviceAreaZips: null,
  notAccepted: [],
  extraFees: [],
  terms: '',
  cancellationPolicy: '',
};

/** Photos: the spec's limits (section 8); a company may take fewer than three. */
export const PHOTO_MAX_COUNT = 3;
export const PHOTO_MAX_BYTES = 8 * 1024 * 1024;
export const PHOTO_WINDOW_MINUTES = 120;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];
