import { registerRootComponent } from 'expo';
import { App } from './src/App.tsx';

registerRootComponent(App);
