export { PinGuessingCard } from './components/pin-guessing-card';
