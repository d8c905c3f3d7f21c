/**
 * The landing page's cards, as the Services and Investment sections show them and the chat assistant knows them.
 * `as const` tuples, so that `services.${card}.point${n}` is a dictionary key the type checker knows.
 */
export const SERVICE_CARDS = ['strategy', 'innovation', 'ai'] as const;
export const SERVICE_POINTS = [1, 2, 3] as const;
export const INVESTMENT_CARDS = ['sourcing', 'markets', 'network'] as const;
export const INVESTMENT_VALUES = [1, 2, 3, 4] as const;
