import { StatusBar } from 'expo-status-bar';
import { useState } from 'react';
import { StyleSheet } from 'react-native';
import { SafeAreaProvider, SafeAreaView } from 'react-native-safe-area-context';
import { MobileApp } from './MobileApp.tsx';
import { expoServices } from './platform/expo-services.ts';
import { colors } from './ui/theme.ts';

/** The app on a phone (and in its web build): the real services. */
export function App() {
  const [services] = useState(expoServices);
  return (
    <SafeAreaProvider>
      <SafeAreaView style={app.fill}>
        <StatusBar style="dark" />
        <MobileApp services={services} />
      </SafeAreaView>
    </SafeAreaProvider>
  );
}

const app = StyleSheet.create({ fill: { flex: 1, backgroundColor: colors.background } });
