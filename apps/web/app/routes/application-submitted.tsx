export default function Page() { return <h1>application-submitted</h1>; }
