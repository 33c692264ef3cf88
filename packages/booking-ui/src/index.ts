export {
  type Answers,
  answersFromParams,
  answersToParams,
  EMPTY_ANSWERS,
  type Field,
  type FieldErrors,
  validateAnswers,
} from './answers';
export { type Attribution, attributionOf, rememberAttribution } from './attribution';
export { BookingFlow, type BookingFlowProps } from './flow';
export { explainCheck, explainCode, explainError } from './messages';
export { confirmedPageUrl, intentBody } from './requests';
export { type AnswerStore, sessionStore, urlStore } from './storage';
export { bookingCss } from './styles';
export {
  type BookingComplete,
  type BookingUnconfirmed,
  type Channel,
  type CompanyEmbed,
  fetchCompanyEmbed,
} from './types';
