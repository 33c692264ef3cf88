export { fetchCompanyEmbed } from '@svc/sdk';
export { type Attribution, attributionOf, rememberAttribution } from './attribution';
export {
  type Answers,
  answersFromParams,
  answersToParams,
  EMPTY_ANSWERS,
  type Field,
  type FieldErrors,
  validateAnswers,
} from './dumpster/answers';
export { BookingFlow, type BookingFlowProps } from './dumpster/flow';
export { explainCheck, explainCode, explainError } from './dumpster/messages';
export { confirmedPageUrl, intentBody } from './dumpster/requests';
export { type AnswerStore, sessionStore, urlStore } from './dumpster/stores';
export { type Checkout, type CheckoutOptions, useCheckout } from './engine/checkout';
export { CheckoutScreens, FlowFrame, LoadError, Loading } from './engine/screens';
export type { BookingComplete, BookingUnconfirmed, Channel, CompanyEmbed, Done, Pending, Phase } from './engine/types';
export { bookingCss } from './styles';
