import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { startTestStack } from './stack'

declare module 'vitest' {
  export interface ProvidedContext {
    demoUrl: string
    apiUrl: string
    relayUrl: string
    rpcA: string
    rpcB: string
  }
}

export default async function setup(project: TestProject) {
  const stack = await startTestStack(fileURLToPath(new URL('../.demo-dist', import.meta.url)))
  project.provide('demoUrl', stack.demoUrl)
  project.provide('apiUrl', stack.apiUrl)
  project.provide('relayUrl', stack.relayUrl)
  project.provide('rpcA', stack.rpcA)
  project.provide('rpcB', stack.rpcB)
  return () => stack.stop()
}
