/** The settings' sections: their path and their name. */
export const SECTIONS = [
  ['profile', 'Profile'],
  ['rules', 'Booking rules'],
  ['sizes', 'Sizes and prices'],
  ['materials', 'Materials'],
  ['promos', 'Promo codes'],
  ['closed-days', 'Closed days'],
  ['junk', 'Junk removal'],
  ['fleet', 'Fleet'],
  ['permits', 'Street permits'],
  ['card-fees', 'Card fees'],
] as const;
