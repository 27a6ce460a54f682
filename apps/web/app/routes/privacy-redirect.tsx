export default function Page() { return <h1>privacy-redirect</h1>; }
