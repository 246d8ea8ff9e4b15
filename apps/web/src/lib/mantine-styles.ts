// Every Mantine component's styles, loaded with each part of the app that loads on demand
// (lazyWithReload): the first screen carries only its own components' styles (app/first-screen-styles.ts).
import '@mantine/core/styles.css';
import './readable-colours.css';
