// Every render() and renderHook() of @testing-library/react is wrapped in <StrictMode>, as the
// app is in development (src/main.tsx): effects mount, unmount and mount again, state
// initialisers and reducers run twice, so a test fails on code that only works when run once.
import { configure } from '@testing-library/react'

configure({ reactStrictMode: true })
