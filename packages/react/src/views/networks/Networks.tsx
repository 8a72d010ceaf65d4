import { NetworkList } from './NetworkList.tsx'

export default function Networks() {
  return (
    <div data-view="Networks">
      <NetworkList />
    </div>
  )
}
