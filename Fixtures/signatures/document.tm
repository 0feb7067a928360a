<TeXmacs|2.1>

<style|generic>

<\body>
  A mediatype fixture.
</body>

<initial|<\collection>
</collection>>
